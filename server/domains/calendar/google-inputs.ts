import { z } from 'zod';

export const GOOGLE_PROVIDER = 'google';

export const GOOGLE_MESSAGES = {
  notConfigured: 'Google Calendar is not available on this server',
  declined: 'Google Calendar was not connected: you declined access on Google’s page.',
  badState: 'This Google sign-in link has expired or was started in another browser. Please connect again from your calendar.',
  exchangeFailed: 'Google did not accept the connection. Please try again.',
  scopeMissing: 'Allow InkLink to manage your calendar events on Google’s page to connect Google Calendar.',
  noRefreshToken: 'Google did not grant lasting access. Please connect again and allow access.',
  notFound: 'Calendar integration not found',
  revoked: 'Google access was revoked. Connect Google Calendar again.',
} as const;

/** What /calendar/oauth/callback posts back: Google's query parameters, passed through. */
export const googleCallbackInput = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

export const googleIntegrationIdInput = z.object({
  id: z.string().trim().min(1, GOOGLE_MESSAGES.notFound).max(40, GOOGLE_MESSAGES.notFound),
});

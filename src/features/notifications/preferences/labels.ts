import type { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from '../../../../server/domains/notifications/rules';

/** Row and column names of the preferences grid. */
export const TYPE_LABELS: Record<(typeof NOTIFICATION_TYPES)[number], string> = {
  message_received: 'New messages',
  invitation_studio: 'Studio invitations',
  invitation_event: 'Event invitations',
  event_reminder: 'Event reminders',
  event_updated: 'Event updates',
  booking_confirmed: 'Booking confirmations',
  general_alert: 'General alerts',
};

export const CHANNEL_LABELS: Record<(typeof NOTIFICATION_CHANNELS)[number], string> = {
  in_app: 'In app',
  push: 'Push',
  email: 'Email',
  sms: 'SMS',
};

import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

export const SESSION_COOKIE = 'inklink_session';

export const cookieBase = (config: Config) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.appOrigin.startsWith('https:'),
});

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieBase(config), expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, cookieBase(config));
}

/** The known-device cookie (server/auth/known-devices.ts): a random token, kept for a year. */
export const DEVICE_COOKIE = 'inklink_device';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function setDeviceCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(DEVICE_COOKIE, token, { ...cookieBase(config), maxAge: DEVICE_COOKIE_MAX_AGE_S });
}

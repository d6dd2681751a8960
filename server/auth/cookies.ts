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

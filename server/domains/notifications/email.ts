import type { notifications } from '../../db/schema';
import type { OutgoingMail } from '../../providers/mail';
import { deepLink } from './rules';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The e-mail of a notification: its title as subject, its body, and a link to its deep link. It
 * greets the person by first name, or by their handle when they gave none.
 */
export function notificationEmail(
  note: Pick<typeof notifications.$inferSelect, 'type' | 'title' | 'body' | 'data'>,
  recipient: { email: string; firstName: string; displayName: string },
  appOrigin: string,
): OutgoingMail {
  const name = recipient.firstName.trim() || recipient.displayName;
  const url = `${appOrigin}${deepLink(note.type, note.data)}`;
  return {
    to: recipient.email,
    subject: note.title,
    text: `Hi ${name},\n\n${note.body}\n\nOpen InkLink: ${url}\n\nYou can choose which e-mails you get in Account → Notifications.`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>${escapeHtml(note.body)}</p><p><a href="${escapeHtml(url)}">Open InkLink</a></p>`,
  };
}

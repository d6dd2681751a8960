import type { OutgoingMail } from '../../providers/mail';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function passwordResetMail(to: string, link: string, displayName: string): OutgoingMail {
  return {
    to,
    subject: 'Reset your InkLink password',
    text: [
      `Hi ${displayName},`,
      '',
      'Someone asked to reset the password of your InkLink account. To choose a new password, open this link within one hour:',
      link,
      '',
      "If it wasn't you, ignore this e-mail: your password stays as it is.",
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(displayName)},</p><p>Someone asked to reset the password of your InkLink account. To choose a new password, open this link within one hour:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>If it wasn't you, ignore this e-mail: your password stays as it is.</p>`,
  };
}

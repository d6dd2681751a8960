import nodemailer from 'nodemailer';
import type { MailAttachment } from '../../db/schema';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string | null; attachments?: MailAttachment[] };

/** Delivers one e-mail; `stored` means there is no SMTP server and the outbox row is the record. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<'sent' | 'stored'>;
  close(): void;
}

export function createMailTransport(options: { smtpUrl?: string; from: string }): MailTransport {
  if (!options.smtpUrl) {
    return { kind: 'outbox', send: async () => 'stored', close: () => {} };
  }
  const transporter = nodemailer.createTransport(options.smtpUrl, { from: options.from });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      });
      return 'sent';
    },
    close: () => transporter.close(),
  };
}

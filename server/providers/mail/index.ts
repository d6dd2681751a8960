import nodemailer from 'nodemailer';
import type { MailAttachment } from '../../db/schema';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string | null; attachments?: MailAttachment[] };

/** Delivers one e-mail; `stored` means there is no SMTP server and the outbox row is the record. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<'sent' | 'stored'>;
  close(): void;
}

export const SMTP_POOL_CONNECTIONS = 10;
export const SMTP_MESSAGES_PER_CONNECTION = 1000;

export function createMailTransport(options: { smtpUrl?: string; from: string }): MailTransport {
  if (!options.smtpUrl) {
    return { kind: 'outbox', send: async () => 'stored', close: () => {} };
  }
  // Connections are kept open and reused unless SMTP_URL says otherwise (its query wins, e.g.
  // ?pool=false or ?maxConnections=20). A relay may make each new connection wait before its
  // greeting (Postfix's postscreen greet pause; smtp-server waits 100 ms for early talkers), so one
  // connection per mail caps a sender at a few hundred mails a second however fast it is.
  const transporter = nodemailer.createTransport(
    { url: options.smtpUrl, pool: true, maxConnections: SMTP_POOL_CONNECTIONS, maxMessages: SMTP_MESSAGES_PER_CONNECTION },
    { from: options.from },
  );
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

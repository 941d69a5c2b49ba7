import nodemailer from 'nodemailer';
import type { MailPayload } from './outbox-row';

/** Sends one mail; rejects when the server does not accept it. */
export interface MailTransport {
  send(mail: MailPayload): Promise<void>;
  close(): void;
}

/** Mail over SMTP from SMTP_URL, such as smtp://user:pass@mail.example.com:587 (smtps:// for implicit TLS). */
export function createMailer(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(
    // Nodemailer waits minutes by default; a dead server must fail well within the outbox worker's lease.
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from },
  );
  return {
    async send({ to, cc, subject, html, text, replyTo, headers }) {
      await transporter.sendMail({ to, cc, subject, html, text, replyTo, headers });
    },
    close: () => transporter.close(),
  };
}

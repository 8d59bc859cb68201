import nodemailer from 'nodemailer';

/** What the server emails: sign-in codes and reset links, plain text. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Hands an email to a mail server; rejects when the server refuses it. */
export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/**
 * An SMTP mailer (nodemailer) for `SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com:465` or
 * `smtp://localhost:1025`; `from` is the sender address (`MAIL_FROM`).
 */
export function createSmtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to the sender (the owner's order mails: the shopper). Nodemailer encodes the name. */
  replyTo?: { name: string; address: string };
};
export type SentMail = { file: string | null };
export type Mailer = { send(message: MailMessage): Promise<SentMail> };

/**
 * Sends through SMTP when `SMTP_URL` is set; otherwise writes each message as an `.eml` file under
 * `DATA_DIR/mail` (and logs its path), so a store without a mail server still keeps what it sent.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  mailDir: string;
  /** The sender, read at each send: the owner can change it in the settings (empty: MAIL_FROM). */
  from: () => string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from(), ...message });
        options.logger.info({ to: message.to, subject: message.subject }, "mail sent");
        return { file: null };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from(), ...message });
      await mkdir(options.mailDir, { recursive: true });
      const file = path.join(
        options.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.logger.info({ to: message.to, subject: message.subject, file }, "mail written");
      return { file };
    },
  };
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** One e-mail: plain text always (every client shows it), HTML optionally as its alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Where messages go, for the start-up log: the SMTP host, or the outbox folder. */
  readonly destination: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** SMTP server (`smtp://…` / `smtps://…`); unset: `.eml` files in `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  from: string;
}

/**
 * E-mail for the notifications (design.md, Jobs): SMTP through nodemailer when configured, otherwise
 * each message is rendered by nodemailer's stream transport and written to the outbox as an `.eml` file
 * (written under a temporary name and renamed, so a reader never sees half a message).
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      destination: new URL(options.smtpUrl).host,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: options.outboxDir,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const temporary = path.join(options.outboxDir, `.${name}.tmp`);
      await fs.writeFile(temporary, info.message as Buffer);
      await fs.rename(temporary, path.join(options.outboxDir, `${name}.eml`));
    },
    close: () => transport.close(),
  };
}

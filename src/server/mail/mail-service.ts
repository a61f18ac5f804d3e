// Sending mail : over SMTP to SMTP_URL when it is set; otherwise each message is written as an
// .eml file to DATA_DIR/outbox/ and logged, so a local install works without a mail server. Both go through
// nodemailer, so the outbox file is exactly the message SMTP would have carried.
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { LoggerRegistry } from '../log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

declare module '../services' {
  interface AppServices {
    /** Account mail: SMTP when SMTP_URL is set, else the outbox folder in DATA_DIR. */
    mail: MailService;
  }
}

export interface MailService {
  /** 'smtp' or 'outbox': where messages go. */
  readonly mode: 'smtp' | 'outbox';
  /** Sends (or files) one message; rejects when the mail server refuses it. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

function outboxName(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${randomBytes(4).toString('hex')}.eml`;
}

export function createMailService(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, logs: LoggerRegistry): MailService {
  const log = logs.get('mail');
  const from = config.mailFrom;
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...message });
        log.info(`mail "${message.subject}" sent to ${message.to}`);
      },
      close: () => transport.close(),
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = join(config.dataDir, 'outbox');
  return {
    mode: 'outbox',
    async send(message) {
      const info = await composer.sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, outboxName());
      await writeFile(file, info.message as Buffer);
      log.info(`no SMTP_URL configured: mail "${message.subject}" to ${message.to} written to ${file}`);
    },
    close: () => composer.close(),
  };
}

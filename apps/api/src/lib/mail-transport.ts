import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Env } from '../config/env.js';
import { clock } from './clock.js';

export type OutgoingMail = {
  id: number;
  to: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
  link: string | null;
  /** The sender's display name (the mail_sender_name setting); the address is always MAIL_FROM's. */
  fromName?: string;
};

/** Where mail goes: an SMTP server (SMTP_URL) or, without one, .eml files in DATA_DIR/outbox. */
export type MailTransport = {
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/** The product's name as the web app shows it, so a customer recognises the sender. */
const FALLBACK_FROM = '"بوابة الجمعيات" <no-reply@localhost>';

/** The address part of MAIL_FROM ('"Name" <a@b>' or 'a@b'). */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * One Message-ID per mail job, the same on every attempt: a job whose instance died after the
 * server took the message and before the job was marked done is sent again (at least once), and
 * mailboxes that see one Message-ID twice (Gmail among them) keep one copy.
 */
export function messageIdOf(mailId: number, from: string): string {
  const domain = addressOf(from).split('@')[1] || 'localhost';
  return `<portal-mail-${mailId}@${domain}>`;
}

function message(mail: OutgoingMail, from: string) {
  return {
    messageId: messageIdOf(mail.id, from),
    // nodemailer encodes an Arabic display name for the header.
    from: mail.fromName ? { name: mail.fromName, address: addressOf(from) } : from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { 'Content-Language': mail.locale, 'X-Portal-Mail-Id': String(mail.id) },
  };
}

export function createMailTransport(env: Env, log: FastifyBaseLogger): MailTransport {
  const from = env.MAIL_FROM ?? FALLBACK_FROM;
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail(message(mail, from));
      },
      close: () => transport.close(),
    };
  }

  // No SMTP server: keep each message as an .eml file. Outside production its link is logged too,
  // so a local user can activate an account or reset a password; in production a link in the log
  // would hand an account to whoever reads the log, so only the file has it.
  const folder = path.join(env.DATA_DIR, 'outbox');
  const logLinks = env.NODE_ENV !== 'production';
  log.info(
    { outbox: folder },
    logLinks
      ? 'no SMTP_URL: mail is written to DATA_DIR/outbox, and its links (activation, password reset) are logged'
      : 'no SMTP_URL: mail is written to DATA_DIR/outbox only; its links are not logged in production',
  );
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await composer.sendMail(message(mail, from));
      await mkdir(folder, { recursive: true });
      const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${mail.id}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info(
        { mailId: mail.id, to: mail.to, subject: mail.subject, ...(logLinks ? { link: mail.link } : {}), file },
        'mail written to outbox',
      );
    },
    close: () => composer.close(),
  };
}

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it, decoded enough to read (no mailparser needed). */
export type ReceivedMail = {
  envelopeTo: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
};

export type SmtpSink = {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The next n messages are refused with a temporary error (451), to exercise retries. */
  refuseNext(n: number): void;
  /** Messages sent to this address, oldest first. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
};

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=), as nodemailer writes Arabic subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes);
    });
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const ch = joined[i] as string;
    const hex = joined.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return headers;
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: splitHeaders(raw), body: '' };
  return { headers: splitHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'latin1').toString('utf8');
}

/** Collects the text/plain and text/html leaves of a (possibly nested) multipart entity. */
function leaves(raw: string, out: { text: string; html: string }) {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      leaves(part.replace(/^\r?\n/, ''), out);
    }
    return;
  }
  if (/^text\/html/i.test(type)) out.html += decodeBody(headers, body);
  else if (/^text\/plain/i.test(type)) out.text += decodeBody(headers, body);
}

export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const { headers } = splitEntity(raw);
  const out = { text: '', html: '' };
  leaves(raw, out);
  return {
    envelopeTo,
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: out.text,
    html: out.html,
    raw,
  };
}

/**
 * The 6-digit activation code in a mail's text. The link comes first, and its random token can hold
 * six digits between letters (about 1 token in 2,500): links are left out before the code is read.
 */
export function activationCode(text: string): string | undefined {
  return /(?<!\d)(\d{6})(?!\d)/.exec(text.replace(/https?:\/\/\S+/g, ' '))?.[1];
}

/** A real SMTP server on a free local port (npm smtp-server), keeping what it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse -= 1;
          const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const rcpt = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push(parseMail(Buffer.concat(chunks).toString('latin1'), rcpt));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext(n) {
      refuse = n;
    },
    to: (address) => messages.filter((m) => m.envelopeTo.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The app settings that send mail to this sink, only when a test flushes the queue (no poller racing it). */
export function smtpEnv(sink: Pick<SmtpSink, 'url'>): Record<string, string> {
  return { SMTP_URL: sink.url, MAIL_FROM: 'Portal <no-reply@portal.test>', JOBS_POLL_SECONDS: '0' };
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Portal } from './portal';

/**
 * The mail the server "sent": without SMTP_URL it writes each message as an
 * .eml file in DATA_DIR/outbox (apps/api/src/lib/mail-transport.ts). This reads
 * them back: recipient, decoded subject and plain-text body, and the first link.
 */
export type CapturedMail = { file: string; to: string; subject: string; text: string; links: string[] };

type Part = { headers: Map<string, string>; body: string };

function splitHeaders(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines start with white space and continue the previous one.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\n/g, '');
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=), as nodemailer writes Arabic subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The text/plain part (looking inside multipart parts), or the body itself. */
function plainText(part: Part): string {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return decodeBody(part);
  const pieces = part.body.split(`--${boundary}`).slice(1);
  const parts = pieces.filter((p) => !p.startsWith('--')).map((p) => splitHeaders(p.replace(/^\n/, '')));
  const plain = parts.find((p) => (p.headers.get('content-type') ?? '').toLowerCase().startsWith('text/plain'));
  if (plain) return decodeBody(plain);
  const nested = parts.find((p) => (p.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/'));
  return nested ? plainText(nested) : '';
}

export function parseEml(raw: string, file = ''): CapturedMail {
  const message = splitHeaders(raw);
  const text = plainText(message);
  return {
    file,
    to: message.headers.get('to') ?? '',
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text,
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}

/** Every message in the outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<CapturedMail[]> {
  const folder = path.join(dataDir, 'outbox');
  const files = await readdir(folder).catch(() => [] as string[]);
  const mails: CapturedMail[] = [];
  for (const file of files.filter((f) => f.endsWith('.eml')).sort()) {
    mails.push(parseEml(await readFile(path.join(folder, file), 'utf8'), file));
  }
  return mails;
}

/**
 * The newest message to `to` that matches, after delivering everything queued
 * (the server's mail worker is flushed, so no waiting on its poll interval).
 */
export async function latestMailTo(
  portal: Pick<Portal, 'app' | 'dataDir'>,
  to: string,
  matches: (mail: CapturedMail) => boolean = () => true,
): Promise<CapturedMail> {
  await portal.app.jobs.flush();
  const mail = (await readOutbox(portal.dataDir)).filter((m) => m.to.includes(to) && matches(m)).at(-1);
  if (!mail) throw new Error(`no mail to ${to} in ${portal.dataDir}/outbox`);
  return mail;
}

/** The path of a link (the server's APP_URL may not be this test's address). */
export function linkPath(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

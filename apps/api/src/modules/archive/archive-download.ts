import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { ARCHIVE_ROOT, sanitizeDisplayName, type TArchiveDownloadToken } from '@portal/shared/schemas/archive';
import { sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { rowsOf } from '../../db/client.js';
import { usedZipTokens } from '../../db/schema/archive.js';
import type { Reader } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, callerOf } from '../../lib/context.js';
import { type FileStorage, kindOfKey } from '../../lib/storage.js';
import { hashToken } from '../../lib/tokens.js';
import { findItem, type SubtreeRow, subtreeOf } from './archive.repository.js';
import { assertFolder, invalid } from './archive.service.js';

/**
 * Files leaving the archive: one file (GET /archive/download/{id}, bearer as usual) and a
 * folder as a zip (GET /archive/zip/files/{id}?token=…). A browser's download link cannot send
 * the bearer header, so the zip link carries a short-lived signed token instead
 * (docs/decisions/0022-staff-tools.md "The download token"): POST /archive/zip/token/{id}, made
 * with the bearer and archive.index, signs `<session>.<folder>.<expiry>.<nonce>` with HMAC-SHA256
 * keyed by the session's stored token hash. Any API instance can check it, it dies with the session
 * (logout, password change) as well as after ZIP_TOKEN_SECONDS, and it opens one download: the
 * first takes it in used_zip_tokens (docs/decisions/0027-security-round-2.md).
 */

export const ZIP_TOKEN_SECONDS = 120;

function signature(tokenHash: string, payload: string): Buffer {
  return createHmac('sha256', tokenHash).update(`archive-zip:${payload}`).digest();
}

/**
 * The token of `<session>.<folder>.<expiry in epoch seconds>.<nonce>`, signed with the session's
 * stored token hash. The nonce makes each link its own: two asked for in one second would
 * otherwise be one link, spent by the first download.
 */
export function signZipToken(
  tokenHash: string,
  sessionId: number,
  folderId: number,
  expires: number,
  nonce = randomBytes(12).toString('base64url'),
): string {
  const payload = `${sessionId}.${folderId}.${expires}.${nonce}`;
  return `${payload}.${signature(tokenHash, payload).toString('base64url')}`;
}

async function sessionTokenHash(
  db: Reader,
  sessionId: number,
): Promise<{ hash: string; allowed: boolean } | undefined> {
  const [row] = rowsOf<{ token_hash: string; allowed: boolean }>(
    await db.execute(sql`select s.token_hash, exists (
        select 1 from permissions p where p.name = 'archive.index' and p.id in (
          select rp.permission_id from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
            where ur.user_id = u.id
          union
          select up.permission_id from user_permissions up where up.user_id = u.id)) as allowed
      from sessions s join users u on u.id = s.user_id
      where s.id = ${sessionId} and s.revoked_at is null and s.expires_at > now()
        and u.deleted_at is null and u.active`),
  );
  return row ? { hash: row.token_hash, allowed: row.allowed === true } : undefined;
}

/** POST /archive/zip/token/{id}: a link to the folder's zip, good for ZIP_TOKEN_SECONDS, for this session only. */
export async function issueZipToken(ctx: AppContext, folderId: number): Promise<TArchiveDownloadToken> {
  const caller = callerOf(ctx);
  await assertFolder(ctx.db, folderId);
  const session = await sessionTokenHash(ctx.db, caller.sessionId);
  if (!session) throw AppError.unauthenticated();
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + ZIP_TOKEN_SECONDS;
  const token = signZipToken(session.hash, caller.sessionId, folderId, expires);
  return {
    token,
    url: `/api/v1/archive/zip/files/${folderId}?token=${encodeURIComponent(token)}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/** `<session>.<folder>.<expiry>.<nonce>.<signature>`, as signZipToken writes it. */
const ZIP_TOKEN =
  /^([1-9][0-9]{0,9})\.(0|[1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;
type ZipTokenParts = [token: string, session: string, folder: string, expires: string, nonce: string, mac: string];

/**
 * Checks a zip token for `folderId` and uses it up: well formed, for this folder, not expired,
 * signed for a live session whose user is active, that user still holds archive.index, and not
 * used before. A bad or old token is a 401 (ask again); a user who lost the permission, 403; a
 * link already used, 401 with its own message. Used only once every other check passed, so a
 * forged token never writes a row; of two downloads at once, the insert lets one through.
 */
export async function verifyZipToken(ctx: AppContext, folderId: number, token: string | undefined): Promise<void> {
  const refused = () => new AppError(401, 'archive.errors.download_token');
  const match = ZIP_TOKEN.exec(token ?? '') as unknown as ZipTokenParts | null;
  if (!match) throw refused();
  const [whole, sessionId, folder, expires, nonce, mac] = match;
  if (Number(folder) !== folderId) throw refused();
  if (Number(expires) * 1000 <= ctx.clock.now().getTime()) throw refused();
  const session = await sessionTokenHash(ctx.db, Number(sessionId));
  if (!session) throw refused();
  const expected = signature(session.hash, `${sessionId}.${folder}.${expires}.${nonce}`);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  if (!session.allowed) throw AppError.forbidden();
  const used = await ctx.db
    .insert(usedZipTokens)
    .values({ tokenHash: hashToken(whole), expiresAt: new Date(Number(expires) * 1000).toISOString() })
    .onConflictDoNothing()
    .returning({ tokenHash: usedZipTokens.tokenHash });
  if (used.length === 0) throw new AppError(401, 'archive.errors.download_used');
}

/** GET /archive/download/{id}: one stored file with its display name. */
export async function readArchiveFile(ctx: AppContext, storage: FileStorage, id: number) {
  const item = await findItem(ctx.db, id);
  if (!item) throw AppError.notFound();
  if (item.kind !== 'file') throw invalid('archive.errors.not_a_file', 'id');
  const [row] = rowsOf<{ storage_key: string }>(
    await ctx.db.execute(sql`select storage_key from archive_items where id = ${id}`),
  );
  const stored = row ? await storage.get(row.storage_key) : undefined;
  if (!stored) throw AppError.notFound();
  return { ...stored, name: item.name, mime: item.mime ?? stored.mime };
}

/** Kinds whose bytes are already compressed: stored in the zip as they are (deflating them is CPU for nothing). */
const STORED_AS_IS = new Set(['png', 'jpg', 'pdf', 'zip', 'rar', 'docx', 'mp4', 'mkv', 'avi', 'wmv']);

/** A display name as one zip path segment: no separators, no `..`, nothing Windows refuses. */
export function zipSegment(name: string): string {
  const clean = sanitizeDisplayName(name)
    .replace(/[<>:"|?*]/g, '_')
    .replace(/[. ]+$/, '');
  return clean === '' ? 'item' : clean;
}

/** `name` made unique among `used` (case-insensitively): `name (2).ext`, `name (3).ext`, … */
function uniqueIn(used: Set<string>, name: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${ext}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/** The rows a folder's zip holds: its subtree without itself, or the whole archive for folder 0. */
async function rowsToZip(db: Reader, folderId: number): Promise<SubtreeRow[]> {
  if (folderId !== ARCHIVE_ROOT) return (await subtreeOf(db, folderId)).filter((row) => row.depth > 0);
  const tops = rowsOf<{ id: number }>(
    await db.execute(sql`select id from archive_items where parent_id is null order by sort_order, id`),
  );
  const rows: SubtreeRow[] = [];
  for (const top of tops) {
    for (const row of await subtreeOf(db, Number(top.id))) rows.push({ ...row, depth: row.depth + 1 });
  }
  return rows;
}

/**
 * GET /archive/zip/files/{id}: the folder and its subfolders as a zip, STREAMED (yazl): the rows
 * are read first (ids, names, keys: a few hundred bytes each), then each file's bytes are asked
 * of storage only when the zip reaches it (addReadStreamLazy) and piped through with
 * backpressure, so memory stays flat whatever the folder holds. Empty folders are kept; names
 * that clash in one folder get " (2)". A file missing from storage is logged and left empty.
 */
export async function zipArchiveFolder(
  ctx: AppContext,
  storage: FileStorage,
  folderId: number,
): Promise<{ name: string; stream: Readable }> {
  const folder = await assertFolder(ctx.db, folderId);
  const rows = await rowsToZip(ctx.db, folderId);
  const zip = new ZipFile();
  const out = new PassThrough();
  zip.on('error', (error: Error) => {
    ctx.log.error({ err: error }, 'archive zip failed');
    out.destroy(error);
  });
  const dirs = new Map<number, string>();
  const used = new Map<string, Set<string>>();
  const mtime = ctx.clock.now();
  for (const row of rows) {
    const dir = row.depth <= 1 ? '' : (dirs.get(row.parent_id ?? -1) ?? '');
    let names = used.get(dir);
    if (!names) {
      names = new Set();
      used.set(dir, names);
    }
    const entry = `${dir}${uniqueIn(names, zipSegment(row.name))}`;
    if (row.kind === 'folder') {
      dirs.set(row.id, `${entry}/`);
      zip.addEmptyDirectory(entry, { mtime });
      continue;
    }
    const key = row.storage_key ?? '';
    const kind = kindOfKey(key);
    zip.addReadStreamLazy(entry, { mtime, compress: !(kind && STORED_AS_IS.has(kind)) }, (done) => {
      storage.get(key).then(
        (stored) => {
          if (!stored) ctx.log.warn({ key, id: row.id }, 'archive file missing from storage; zipped empty');
          done(null, stored?.stream ?? Readable.from([]));
        },
        (error: Error) => done(error, Readable.from([])),
      );
    });
  }
  zip.end();
  zip.outputStream.on('error', (error: Error) => out.destroy(error));
  zip.outputStream.pipe(out);
  return { name: `${folder ? zipSegment(folder.name) : 'archive'}.zip`, stream: out };
}

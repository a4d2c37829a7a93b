import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.js';
import { signZipToken, ZIP_TOKEN_SECONDS } from '../src/modules/archive/archive-download.js';
import type { AccessRow, Caller } from './access-matrix.types.js';
import { createArchiveFile, createArchiveFolder, pdfBytes } from './factories/archive.js';
import { multipartBody } from './helpers/multipart.js';

/**
 * The archive manager (docs/decisions/0022-staff-tools.md "Archive manager and storage"):
 * archive.index to read (admin, manager, editor, visitor), archive.put to change (admin,
 * manager, editor), archive.delete to delete (admin, manager); a customer has none. The zip
 * link is opened by the browser without the bearer header: it carries a token signed for the
 * caller's session, and the token decides (no token 401, a token of a session whose user may
 * not read the archive 403).
 */
type LoggedIn = Exclude<Caller, 'none'>;

function only(status: number, holders: LoggedIn[]): Record<Caller, number> {
  const row = { admin: 403, manager: 403, editor: 403, user: 403, visitor: 403, none: 401 };
  for (const caller of holders) row[caller] = status;
  return row;
}

const READERS: LoggedIn[] = ['admin', 'manager', 'editor', 'visitor'];
const WRITERS: LoggedIn[] = ['admin', 'manager', 'editor'];
const DELETERS: LoggedIn[] = ['admin', 'manager'];

/** Zip tokens the rows' `prepare` signed, by folder (the request builder is synchronous). */
const tokens = new Map<number, string>();

let unique = 0;
const next = () => {
  unique += 1;
  return `matrix-${process.pid}-${unique}`;
};

export const ARCHIVE_ACCESS_ROWS: AccessRow[] = [
  {
    method: 'POST',
    route: '/api/v1/archive',
    request: () => ({ method: 'POST', url: '/api/v1/archive' }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/archive/:id',
    prepare: async ({ db }) => ({ folderId: (await createArchiveFolder(db, { shortName: next() })).id }),
    request: (ctx) => ({ method: 'POST', url: `/api/v1/archive/${ctx.fixtures.folderId}` }),
    expected: only(200, READERS),
  },
  {
    method: 'GET',
    route: '/api/v1/archive/parents/:id/:locale/:root',
    prepare: async ({ db }) => ({ folderId: (await createArchiveFolder(db, { shortName: next() })).id }),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/archive/parents/${ctx.fixtures.folderId}/ar/0` }),
    expected: only(200, READERS),
  },
  {
    method: 'GET',
    route: '/api/v1/archive/page/:id',
    prepare: async ({ db }) => ({ folderId: (await createArchiveFolder(db, { shortName: next() })).id }),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/archive/page/${ctx.fixtures.folderId}` }),
    expected: only(200, READERS),
  },
  {
    method: 'GET',
    route: '/api/v1/archive/download/:id',
    prepare: async ({ app, db }) => ({ fileId: (await createArchiveFile(db, app.storage, { shortName: next() })).id }),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/archive/download/${ctx.fixtures.fileId}` }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/archive/zip/token/:id',
    prepare: async ({ db }) => ({ folderId: (await createArchiveFolder(db, { shortName: next() })).id }),
    request: (ctx) => ({ method: 'POST', url: `/api/v1/archive/zip/token/${ctx.fixtures.folderId}` }),
    expected: only(200, READERS),
  },
  {
    method: 'GET',
    route: '/api/v1/archive/zip/files/:id',
    note: "with a token signed for the caller's own session",
    prepare: async ({ db, selfId }) => {
      const folderId = (await createArchiveFolder(db, { shortName: next() })).id;
      if (selfId === undefined) return { folderId };
      // A session of the caller's, as a login makes one: the token is signed with its stored hash.
      const hash = randomBytes(32).toString('hex');
      const [session] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into sessions (user_id, token_hash, expires_at)
          values (${selfId}, ${hash}, now() + interval '1 hour') returning id`),
      );
      const expires = Math.floor(Date.now() / 1000) + ZIP_TOKEN_SECONDS;
      tokens.set(folderId, signZipToken(hash, Number(session?.id), folderId, expires));
      return { folderId };
    },
    request: (ctx) => {
      const token = tokens.get(ctx.fixtures.folderId ?? 0);
      return {
        method: 'GET',
        url: `/api/v1/archive/zip/files/${ctx.fixtures.folderId}${token ? `?token=${encodeURIComponent(token)}` : ''}`,
      };
    },
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/archive/upload/:id',
    request: () => {
      const body = multipartBody([
        { field: 'file', filename: 'matrix.pdf', contentType: 'application/pdf', bytes: pdfBytes('matrix') },
      ]);
      return { method: 'POST', url: '/api/v1/archive/upload/0', payload: body.payload, headers: body.headers };
    },
    expected: only(200, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/archive/order/:a/:type/:b',
    prepare: async ({ db }) => {
      const parent = await createArchiveFolder(db, { shortName: next() });
      const a = await createArchiveFolder(db, { parentId: parent.id, shortName: 'a' });
      const b = await createArchiveFolder(db, { parentId: parent.id, shortName: 'b' });
      return { a: a.id, b: b.id };
    },
    request: (ctx) => ({ method: 'POST', url: `/api/v1/archive/order/${ctx.fixtures.b}/before/${ctx.fixtures.a}` }),
    expected: only(200, WRITERS),
  },
  {
    method: 'PUT',
    route: '/api/v1/archive',
    request: () => ({ method: 'PUT', url: '/api/v1/archive', payload: { name: 'مجلد المصفوفة', short_name: next() } }),
    expected: only(201, WRITERS),
  },
  {
    method: 'PUT',
    route: '/api/v1/archive/:id',
    prepare: async ({ db }) => ({ folderId: (await createArchiveFolder(db, { shortName: next() })).id }),
    request: (ctx) => ({
      method: 'PUT',
      url: `/api/v1/archive/${ctx.fixtures.folderId}`,
      payload: { name: 'اسم جديد', short_name: next() },
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'DELETE',
    route: '/api/v1/archive/:id',
    prepare: async ({ db }) => ({ folderId: (await createArchiveFolder(db, { shortName: next() })).id }),
    request: (ctx) => ({ method: 'DELETE', url: `/api/v1/archive/${ctx.fixtures.folderId}` }),
    expected: only(200, DELETERS),
  },
  {
    method: 'PUT',
    route: '/api/v1/archive/content/:id',
    prepare: async ({ db }) => ({ folderId: (await createArchiveFolder(db, { shortName: next() })).id }),
    request: (ctx) => ({
      method: 'PUT',
      url: `/api/v1/archive/content/${ctx.fixtures.folderId}`,
      payload: { language: 'ar', content: 'نص الصفحة' },
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/archive/move_to/:id',
    prepare: async ({ db }) => {
      const target = await createArchiveFolder(db, { shortName: next() });
      const item = await createArchiveFolder(db, { shortName: next() });
      return { targetId: target.id, itemId: item.id };
    },
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/archive/move_to/${ctx.fixtures.targetId}`,
      payload: { ids: [ctx.fixtures.itemId] },
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/archive/paste_to/:id',
    prepare: async ({ db }) => {
      const target = await createArchiveFolder(db, { shortName: next() });
      const item = await createArchiveFolder(db, { shortName: next() });
      return { targetId: target.id, itemId: item.id };
    },
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/archive/paste_to/${ctx.fixtures.targetId}`,
      payload: { ids: [ctx.fixtures.itemId] },
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/archive/check_short_name/:id/:name',
    request: () => ({ method: 'POST', url: '/api/v1/archive/check_short_name/0/free-name' }),
    expected: only(200, WRITERS),
  },
];

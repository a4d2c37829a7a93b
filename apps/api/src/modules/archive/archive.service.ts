import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import {
  ARCHIVE_EXTENSIONS,
  ARCHIVE_ROOT,
  ARCHIVE_SHORT_NAME_MAX_LENGTH,
  ARCHIVE_UPLOAD_MAX_FILES,
  type ArchiveLanguage,
  type TArchiveCrumb,
  type TArchiveItem,
  type TArchiveListing,
  type TArchivePage,
  type TArchiveShortNameCheck,
} from '@portal/shared/schemas/archive';
import { sql } from 'drizzle-orm';
import type { Env } from '../../config/env.js';
import { rowsOf } from '../../db/client.js';
import { inTransaction, type Reader } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, callerOf } from '../../lib/context.js';
import { pgErrorInfo, uniqueViolation } from '../../lib/db-errors.js';
import type { FileStorage } from '../../lib/storage.js';
import {
  ancestorsOf,
  contentOf,
  findItem,
  inFolder,
  insertItem,
  listChildren,
  lockTree,
  nextSortOrder,
  shortNamesLike,
  shortNameTaken,
  storageKeysUnder,
} from './archive.repository.js';

/**
 * The archive manager (SPEC §3 "Archive item", §7; docs/decisions/0022-staff-tools.md "Archive
 * manager and storage"): listing, breadcrumbs, a folder's page and its text, new folders,
 * renames, order, the short-name check and delete. Moves and copies are in
 * move-archive-items.ts and copy-archive-items.ts, uploads in upload-archive-files.ts, downloads
 * and the zip in archive-download.ts. Every change is one transaction the audit trigger records.
 */

export function archiveLimits(env: Env): TArchiveListing['limits'] {
  return {
    max_file_bytes: env.ARCHIVE_FILE_MAX_MB * 1024 * 1024,
    max_files: ARCHIVE_UPLOAD_MAX_FILES,
    types: [...ARCHIVE_EXTENSIONS],
  };
}

/** 422 with the reason under `field`: what bad input gets (the envelope's message says "check the data"). */
export function invalid(key: string, field?: string, params: Record<string, string | number> = {}): AppError {
  return new AppError(422, 'archive.errors.invalid', {}, [{ ...(field ? { field } : {}), key, params }]);
}

export const shortNameTakenError = () => invalid('archive.validation.short_name_taken', 'short_name');

/** Folder 0 (the root) or a folder that exists; a file or a missing id is refused. */
export async function assertFolder(db: Reader, folderId: number, lock = false): Promise<TArchiveItem | null> {
  if (folderId === ARCHIVE_ROOT) return null;
  const folder = await findItem(db, folderId, lock);
  if (!folder) throw AppError.notFound();
  if (folder.kind !== 'folder') throw invalid('archive.errors.not_a_folder', 'id');
  return folder;
}

/**
 * A write the database refused for a reason the caller caused: a short name already taken
 * among the siblings (a race the check before lost), or a parent deleted meanwhile.
 */
export function refusedWrite(error: unknown): unknown {
  if (uniqueViolation(error) === 'archive_items_sibling_name_key') return shortNameTakenError();
  if (pgErrorInfo(error)?.code === '23503') return AppError.notFound();
  return error;
}

/**
 * A short name free in `folderId`, near `base` (`base`, `base-2`, `base-3`, …); `taken` holds
 * names this same change already gave out. Used where the server names an item (uploads, copies).
 */
export async function freeShortName(
  db: Reader,
  folderId: number,
  base: string,
  taken: Set<string> = new Set(),
): Promise<string> {
  const stem = base.slice(0, ARCHIVE_SHORT_NAME_MAX_LENGTH - 6).replace(/[-_]+$/, '') || 'item';
  const used = await shortNamesLike(db, folderId, stem);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? stem : `${stem}-${n}`;
    if (!used.has(candidate) && !taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
}

/** POST /archive[/{id}]: a folder's children in their order. */
export async function listArchive(ctx: AppContext, folderId: number): Promise<TArchiveListing> {
  const folder = await assertFolder(ctx.db, folderId);
  return { folder, items: await listChildren(ctx.db, folderId), limits: archiveLimits(ctx.env) };
}

/**
 * GET /archive/parents/{id}/{locale}/{root}: the breadcrumbs from `root` (0: "Archive" in
 * `locale`) down to `id`, each with its id and names. A root that is not above `id` is refused.
 */
export async function archiveParents(
  ctx: AppContext,
  id: number,
  locale: Locale,
  root: number,
): Promise<TArchiveCrumb[]> {
  const top: TArchiveCrumb = { id: ARCHIVE_ROOT, name: translate(locale, 'archive.root'), short_name: null };
  if (id === ARCHIVE_ROOT) {
    if (root !== ARCHIVE_ROOT) throw invalid('archive.errors.root_not_ancestor', 'root');
    return [top];
  }
  const chain = await ancestorsOf(ctx.db, id);
  if (chain.length === 0) throw AppError.notFound();
  const trail = chain.reverse().map((c) => ({ id: c.id, name: c.name, short_name: c.short_name }));
  if (root === ARCHIVE_ROOT) return [top, ...trail];
  const from = trail.findIndex((c) => c.id === root);
  if (from < 0) throw invalid('archive.errors.root_not_ancestor', 'root');
  return trail.slice(from);
}

/** GET /archive/page/{id}: a folder's page, its text in the asked language (the caller's by default). */
export async function archivePage(ctx: AppContext, id: number, language?: ArchiveLanguage): Promise<TArchivePage> {
  const item = await findItem(ctx.db, id);
  if (!item) throw AppError.notFound();
  if (item.kind !== 'folder') throw invalid('archive.errors.not_a_folder', 'id');
  const lang = language ?? ctx.locale;
  return { item, language: lang, content: await contentOf(ctx.db, id, lang) };
}

/** PUT /archive/content/{id}: a folder's text in one language (empty text removes it). */
export async function saveArchiveContent(
  ctx: AppContext,
  id: number,
  input: { language: ArchiveLanguage; content: string },
): Promise<TArchivePage> {
  await inTransaction(ctx, async (tx) => {
    const item = await findItem(tx.db, id, true);
    if (!item) throw AppError.notFound();
    if (item.kind !== 'folder') throw invalid('archive.errors.not_a_folder', 'id');
    const change =
      input.content === ''
        ? sql`content - ${input.language}::text`
        : sql`jsonb_set(content, array[${input.language}::text], to_jsonb(${input.content}::text))`;
    await tx.db.execute(sql`update archive_items set content = ${change}, updated_at = now() where id = ${id}`);
  });
  return archivePage(ctx, id, input.language);
}

/** PUT /archive: a new folder at the end of its parent. */
export async function createFolder(
  ctx: AppContext,
  input: { parent_id: number; name: string; short_name: string },
): Promise<TArchiveItem> {
  const caller = callerOf(ctx);
  try {
    const id = await inTransaction(ctx, async (tx) => {
      await assertFolder(tx.db, input.parent_id, true);
      if (await shortNameTaken(tx.db, input.parent_id, input.short_name)) throw shortNameTakenError();
      return insertItem(tx.db, {
        parentId: input.parent_id === ARCHIVE_ROOT ? null : input.parent_id,
        kind: 'folder',
        name: input.name,
        shortName: input.short_name,
        sortOrder: await nextSortOrder(tx.db, input.parent_id),
        createdBy: caller.userId,
      });
    });
    const item = await findItem(ctx.db, id);
    if (!item) throw AppError.notFound();
    return item;
  } catch (error) {
    throw refusedWrite(error);
  }
}

/** PUT /archive/{id}: a new display name and/or short name; a file keeps its stored type. */
export async function renameItem(
  ctx: AppContext,
  id: number,
  input: { name?: string | undefined; short_name?: string | undefined },
): Promise<TArchiveItem> {
  try {
    await inTransaction(ctx, async (tx) => {
      const item = await findItem(tx.db, id, true);
      if (!item) throw AppError.notFound();
      const folderId = item.parent_id ?? ARCHIVE_ROOT;
      if (input.short_name !== undefined && (await shortNameTaken(tx.db, folderId, input.short_name, id))) {
        throw shortNameTakenError();
      }
      await tx.db.execute(sql`update archive_items set
          name = ${input.name ?? item.name}, short_name = ${input.short_name ?? item.short_name}, updated_at = now()
        where id = ${id}`);
    });
  } catch (error) {
    throw refusedWrite(error);
  }
  const item = await findItem(ctx.db, id);
  if (!item) throw AppError.notFound();
  return item;
}

/** POST /archive/check_short_name/{id}/{name}: whether `name` is free in folder `id` (leaving `except_id` out). */
export async function checkShortName(
  ctx: AppContext,
  folderId: number,
  name: string,
  exceptId?: number,
): Promise<TArchiveShortNameCheck> {
  await assertFolder(ctx.db, folderId);
  return { name, available: !(await shortNameTaken(ctx.db, folderId, name, exceptId)) };
}

/**
 * DELETE /archive/{id}: the item and, for a folder, everything under it (the foreign key
 * cascades; the trigger audits every row). The stored files go after the commit, so a failed
 * delete never loses a file a row still names.
 */
export async function deleteItem(ctx: AppContext, storage: FileStorage, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await lockTree(tx.db);
    const keys = await storageKeysUnder(tx.db, [id]);
    const deleted = rowsOf<{ id: number }>(
      await tx.db.execute(sql`delete from archive_items where id = ${id} returning id`),
    );
    if (deleted.length !== 1) throw AppError.notFound();
    tx.afterCommit(() => Promise.all(keys.map((key) => storage.delete(key))));
  });
}

/**
 * POST /archive/order/{a}/{before|after}/{b}: item a goes just before or after its sibling b;
 * the folder's items are numbered 1..n again in one statement (only the rows that change).
 */
export async function orderItem(
  ctx: AppContext,
  a: number,
  type: 'before' | 'after',
  b: number,
): Promise<TArchiveItem[]> {
  if (a === b) throw invalid('archive.errors.same_item', 'b');
  const folderId = await inTransaction(ctx, async (tx) => {
    await lockTree(tx.db);
    const [first, second] = [await findItem(tx.db, a), await findItem(tx.db, b)];
    if (!first || !second) throw AppError.notFound();
    if (first.parent_id !== second.parent_id) throw invalid('archive.errors.not_siblings', 'b');
    const folder = first.parent_id ?? ARCHIVE_ROOT;
    const siblings = rowsOf<{ id: number }>(
      await tx.db.execute(sql`select i.id from archive_items i where ${inFolder(folder)} order by i.sort_order, i.id`),
    )
      .map((r) => Number(r.id))
      .filter((id) => id !== a);
    const at = siblings.indexOf(b) + (type === 'after' ? 1 : 0);
    siblings.splice(at, 0, a);
    await tx.db.execute(sql`update archive_items as i set sort_order = v.ord, updated_at = now()
      from unnest(array[${sql.join(
        siblings.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]) with ordinality as v(id, ord)
      where i.id = v.id and i.sort_order is distinct from v.ord::int`);
    return folder;
  });
  return listChildren(ctx.db, folderId);
}

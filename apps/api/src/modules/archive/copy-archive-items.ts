import { ARCHIVE_ROOT, type TArchiveItem } from '@portal/shared/schemas/archive';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, callerOf } from '../../lib/context.js';
import { type FileStorage, kindOfKey, type StoredFile } from '../../lib/storage.js';
import {
  findItems,
  idsAboveOrAt,
  insertItem,
  lockTree,
  nextSortOrder,
  type SubtreeRow,
  subtreeOf,
} from './archive.repository.js';
import { assertFolder, freeShortName, invalid, refusedWrite } from './archive.service.js';

/**
 * POST /archive/paste_to/{id}: copies of the items (a folder with everything under it) go into
 * folder `id`, at its end. Each stored file is copied to a new random key first (through the
 * storage interface, so on S3 as on disk); then one transaction writes the new rows, parents
 * before children. A copy whose short name is taken in the target is named `<name>-copy`,
 * `<name>-copy-2`, … If anything fails, the files copied so far are deleted: nothing half-made.
 * A folder cannot be pasted into itself or under itself (the same check as a move).
 */
export async function copyItems(
  ctx: AppContext,
  storage: FileStorage,
  targetId: number,
  ids: readonly number[],
): Promise<TArchiveItem[]> {
  const caller = callerOf(ctx);
  await assertFolder(ctx.db, targetId);
  const items = await findItems(ctx.db, ids);
  if (items.length !== ids.length) throw AppError.notFound();
  if ((await idsAboveOrAt(ctx.db, targetId, ids)).length > 0) throw invalid('archive.errors.into_itself', 'id');
  const trees: SubtreeRow[][] = [];
  for (const item of items) trees.push(await subtreeOf(ctx.db, item.id));

  const copies = new Map<string, StoredFile>();
  try {
    for (const row of trees.flat()) {
      if (!row.storage_key || copies.has(row.storage_key)) continue;
      copies.set(row.storage_key, await copyObject(storage, row.storage_key));
    }
    const created = await inTransaction(ctx, async (tx) => {
      await lockTree(tx.db);
      // The tree may have changed since it was read: the checks again, under the lock.
      await assertFolder(tx.db, targetId, true);
      if ((await idsAboveOrAt(tx.db, targetId, ids)).length > 0) throw invalid('archive.errors.into_itself', 'id');
      let order = await nextSortOrder(tx.db, targetId);
      const given = new Set<string>();
      const tops: number[] = [];
      for (const tree of trees) {
        const newIds = new Map<number, number>();
        for (const row of tree) {
          const top = row.depth === 0;
          const parentId = top ? (targetId === ARCHIVE_ROOT ? null : targetId) : newIds.get(row.parent_id ?? -1);
          if (parentId === undefined) throw new Error(`archive copy: parent of ${row.id} not copied first`);
          const stored = row.storage_key ? copies.get(row.storage_key) : undefined;
          const id = await insertItem(tx.db, {
            parentId,
            kind: row.kind,
            name: row.name,
            shortName: top ? await copyName(tx.db, targetId, row.short_name, given) : row.short_name,
            sortOrder: top ? order++ : row.sort_order,
            content: row.content,
            storageKey: stored?.key ?? null,
            size: stored?.size ?? null,
            mime: row.mime,
            createdBy: caller.userId,
          });
          newIds.set(row.id, id);
          if (top) tops.push(id);
        }
      }
      return tops;
    });
    return findItems(ctx.db, created);
  } catch (error) {
    await Promise.all([...copies.values()].map((file) => storage.delete(file.key)));
    throw refusedWrite(error);
  }
}

/** The same bytes under a new random key in the archive's area. */
async function copyObject(storage: FileStorage, key: string): Promise<StoredFile> {
  const kind = kindOfKey(key);
  const source = await storage.get(key);
  if (!kind || !source) throw new AppError(409, 'archive.errors.file_missing');
  return storage.put(source.stream, {
    area: 'archive',
    filename: `copy.${key.slice(key.lastIndexOf('.') + 1)}`,
    accept: [kind],
    // It was checked when it came in; a copy is never refused for its size.
    maxBytes: Number.MAX_SAFE_INTEGER,
  });
}

/** The pasted item's own short name when free in the target, else `<name>-copy`, `<name>-copy-2`, … */
async function copyName(
  db: Parameters<typeof freeShortName>[0],
  targetId: number,
  shortName: string,
  given: Set<string>,
): Promise<string> {
  const own = await freeShortName(db, targetId, shortName, new Set(given));
  if (own === shortName.toLowerCase()) {
    given.add(own);
    return own;
  }
  // A copy of a copy is `<name>-copy-2`, not `<name>-copy-copy`.
  const stem = shortName.replace(/-copy(-\d+)?$/, '').slice(0, 88);
  return freeShortName(db, targetId, `${stem}-copy`, given);
}

import { ARCHIVE_ROOT, type TArchiveItem } from '@portal/shared/schemas/archive';
import { sql } from 'drizzle-orm';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/context.js';
import { findItems, idsAboveOrAt, lockTree, nextSortOrder, shortNameTaken } from './archive.repository.js';
import { assertFolder, invalid, refusedWrite, shortNameTakenError } from './archive.service.js';

/**
 * POST /archive/move_to/{id}: the items go into folder `id` (0: the root), at its end, in the
 * order they had. Refused, with nothing moved, when the target is one of the moved folders or
 * lies under one (found by walking up from the target with a recursive CTE), or when a moved
 * item's short name is already used there. The tree lock makes two crossing moves (A into B, B
 * into A) run one after the other, so the second sees the first and is refused.
 */
export async function moveItems(ctx: AppContext, targetId: number, ids: readonly number[]): Promise<TArchiveItem[]> {
  try {
    await inTransaction(ctx, async (tx) => {
      await lockTree(tx.db);
      await assertFolder(tx.db, targetId, true);
      const items = await findItems(tx.db, ids);
      if (items.length !== ids.length) throw AppError.notFound();
      if ((await idsAboveOrAt(tx.db, targetId, ids)).length > 0) throw invalid('archive.errors.into_itself', 'id');
      const moving = items.filter((item) => (item.parent_id ?? ARCHIVE_ROOT) !== targetId);
      const names = new Set<string>();
      for (const item of moving) {
        const name = item.short_name.toLowerCase();
        if (names.has(name) || (await shortNameTaken(tx.db, targetId, name))) throw shortNameTakenError();
        names.add(name);
      }
      let order = await nextSortOrder(tx.db, targetId);
      for (const item of moving) {
        await tx.db.execute(sql`update archive_items
          set parent_id = ${targetId === ARCHIVE_ROOT ? null : targetId}, sort_order = ${order}, updated_at = now()
          where id = ${item.id}`);
        order += 1;
      }
    });
  } catch (error) {
    throw refusedWrite(error);
  }
  return findItems(ctx.db, ids);
}

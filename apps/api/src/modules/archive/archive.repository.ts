import type { ArchiveKind, ArchiveLanguage, TArchiveItem } from '@portal/shared/schemas/archive';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { Reader } from '../../db/transaction.js';

/**
 * The archive tree's queries (SQL only). The tree is walked with recursive CTEs, each bounded
 * in depth (MAX_DEPTH), so even a damaged tree could not make one run forever.
 */

/** Deeper than any archive a person builds; a walk stops there. */
export const MAX_DEPTH = 256;

type ItemRow = {
  id: number;
  parent_id: number | null;
  kind: ArchiveKind;
  name: string;
  short_name: string;
  sort_order: number;
  size: number | string | null;
  mime: string | null;
  content_languages: ArchiveLanguage[] | null;
  created_at: string;
  updated_at: string;
};

const ITEM_COLUMNS = sql`i.id, i.parent_id, i.kind, i.name, i.short_name, i.sort_order, i.size, i.mime,
  array(select k from jsonb_each_text(i.content) as c(k, v) where btrim(c.v) <> '' order by k) as content_languages,
  i.created_at, i.updated_at`;

const iso = (value: string) => new Date(value).toISOString();

function toItem(r: ItemRow): TArchiveItem {
  return {
    id: Number(r.id),
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    kind: r.kind,
    name: r.name,
    short_name: r.short_name,
    sort_order: Number(r.sort_order),
    size: r.size === null ? null : Number(r.size),
    mime: r.mime,
    content_languages: (r.content_languages ?? []).filter((l): l is ArchiveLanguage => l === 'ar' || l === 'en'),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** `parent_id = $folder`, or `parent_id is null` at the root (folder 0). */
export function inFolder(folderId: number, column: SQL = sql`i.parent_id`): SQL {
  return folderId === 0 ? sql`${column} is null` : sql`${column} = ${folderId}`;
}

export async function findItem(db: Reader, id: number, lock = false): Promise<TArchiveItem | undefined> {
  const [row] = rowsOf<ItemRow>(
    await db.execute(
      sql`select ${ITEM_COLUMNS} from archive_items i where i.id = ${id} ${lock ? sql`for update` : sql``}`,
    ),
  );
  return row ? toItem(row) : undefined;
}

export async function findItems(db: Reader, ids: readonly number[]): Promise<TArchiveItem[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<ItemRow>(
    await db.execute(sql`select ${ITEM_COLUMNS} from archive_items i
      where i.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by i.sort_order, i.id`),
  );
  return rows.map(toItem);
}

/** A folder's children (folder 0: the root's), in their order. */
export async function listChildren(db: Reader, folderId: number): Promise<TArchiveItem[]> {
  const rows = rowsOf<ItemRow>(
    await db.execute(sql`select ${ITEM_COLUMNS} from archive_items i where ${inFolder(folderId)}
      order by i.sort_order, i.id`),
  );
  return rows.map(toItem);
}

/** The item and its ancestors, the item first. */
export async function ancestorsOf(
  db: Reader,
  id: number,
): Promise<{ id: number; parent_id: number | null; name: string; short_name: string }[]> {
  const rows = rowsOf<{ id: number; parent_id: number | null; name: string; short_name: string }>(
    await db.execute(sql`with recursive up(id, parent_id, name, short_name, depth) as (
        select id, parent_id, name, short_name, 0 from archive_items where id = ${id}
        union all
        select p.id, p.parent_id, p.name, p.short_name, up.depth + 1
          from archive_items p join up on p.id = up.parent_id
          where up.depth < ${MAX_DEPTH}
      )
      select id, parent_id, name, short_name from up order by depth`),
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), parent_id: r.parent_id === null ? null : Number(r.parent_id) }));
}

/**
 * Which of `ids` is `folderId` itself or one of its ancestors: a folder cannot go into itself or
 * into its own subtree. Walks up from the target (a path, not a subtree: cheap at any size).
 */
export async function idsAboveOrAt(db: Reader, folderId: number, ids: readonly number[]): Promise<number[]> {
  if (folderId === 0 || ids.length === 0) return [];
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from archive_items where id = ${folderId}
        union all
        select p.id, p.parent_id, up.depth + 1 from archive_items p join up on p.id = up.parent_id
          where up.depth < ${MAX_DEPTH}
      )
      select id from up where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return rows.map((r) => Number(r.id));
}

export type SubtreeRow = {
  id: number;
  parent_id: number | null;
  kind: ArchiveKind;
  name: string;
  short_name: string;
  sort_order: number;
  content: Record<string, string>;
  storage_key: string | null;
  size: number | null;
  mime: string | null;
  depth: number;
  /** The display names from the subtree's top down to this item (the top's own name first). */
  path: string[];
};

/** An item and everything under it, parents before children, siblings in their order. */
export async function subtreeOf(db: Reader, id: number): Promise<SubtreeRow[]> {
  const rows = rowsOf<SubtreeRow>(
    await db.execute(sql`with recursive down(id, parent_id, kind, name, short_name, sort_order, content, storage_key,
          size, mime, depth, path, ord) as (
        select id, parent_id, kind, name, short_name, sort_order, content, storage_key, size, mime, 0,
          array[name::text], array[sort_order, id]
          from archive_items where id = ${id}
        union all
        select c.id, c.parent_id, c.kind, c.name, c.short_name, c.sort_order, c.content, c.storage_key, c.size, c.mime,
          d.depth + 1, d.path || c.name::text, d.ord || array[c.sort_order, c.id]
          from archive_items c join down d on c.parent_id = d.id
          where d.depth < ${MAX_DEPTH}
      )
      select id, parent_id, kind, name, short_name, sort_order, content, storage_key, size, mime, depth, path
        from down order by ord`),
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    sort_order: Number(r.sort_order),
    size: r.size === null ? null : Number(r.size),
    depth: Number(r.depth),
  }));
}

/** Every stored file of the subtrees of `ids`. */
export async function storageKeysUnder(db: Reader, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ storage_key: string }>(
    await db.execute(sql`with recursive down(id, storage_key, depth) as (
        select id, storage_key, 0 from archive_items where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        union all
        select c.id, c.storage_key, d.depth + 1 from archive_items c join down d on c.parent_id = d.id
          where d.depth < ${MAX_DEPTH}
      )
      select storage_key from down where storage_key is not null`),
  );
  return rows.map((r) => r.storage_key);
}

/** The short names used in a folder (lower case), optionally leaving one item out. */
export async function shortNameTaken(
  db: Reader,
  folderId: number,
  shortName: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select i.id from archive_items i
      where coalesce(i.parent_id, 0) = ${folderId} and lower(i.short_name) = ${shortName.toLowerCase()}
        ${exceptId === undefined ? sql`` : sql`and i.id <> ${exceptId}`}
      limit 1`),
  );
  return rows.length > 0;
}

/** The short names in a folder that start with `prefix` (to choose a free one near it). */
export async function shortNamesLike(db: Reader, folderId: number, prefix: string): Promise<Set<string>> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = rowsOf<{ short_name: string }>(
    await db.execute(sql`select lower(short_name) as short_name from archive_items
      where coalesce(parent_id, 0) = ${folderId} and lower(short_name) like ${`${escaped}%`}`),
  );
  return new Set(rows.map((r) => r.short_name));
}

/** The next sort_order at the end of a folder. */
export async function nextSortOrder(db: Reader, folderId: number): Promise<number> {
  const [row] = rowsOf<{ next: number }>(
    await db.execute(
      sql`select coalesce(max(sort_order), 0) + 1 as next from archive_items i where ${inFolder(folderId)}`,
    ),
  );
  return Number(row?.next ?? 1);
}

export type NewItem = {
  parentId: number | null;
  kind: ArchiveKind;
  name: string;
  shortName: string;
  sortOrder: number;
  content?: Record<string, string>;
  storageKey?: string | null;
  size?: number | null;
  mime?: string | null;
  createdBy: number | null;
};

export async function insertItem(db: Reader, item: NewItem): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into archive_items (parent_id, kind, name, short_name, sort_order, content, storage_key,
        size, mime, created_by)
      values (${item.parentId}, ${item.kind}, ${item.name}, ${item.shortName}, ${item.sortOrder},
        ${JSON.stringify(item.content ?? {})}::jsonb, ${item.storageKey ?? null}, ${item.size ?? null},
        ${item.mime ?? null}, ${item.createdBy})
      returning id`),
  );
  if (!row) throw new Error('archive item insert returned nothing');
  return Number(row.id);
}

/** Serialises changes to the tree's shape (move, copy, order): two moves can then never make a cycle. */
export async function lockTree(db: Reader): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('archive_items.tree'))`);
}

/** A folder's content in one language ('' when it has none). */
export async function contentOf(db: Reader, id: number, language: ArchiveLanguage): Promise<string> {
  const [row] = rowsOf<{ text: string | null }>(
    await db.execute(sql`select content ->> ${language} as text from archive_items where id = ${id}`),
  );
  return row?.text ?? '';
}

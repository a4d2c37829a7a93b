import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../test/helpers/test-database.js';
import { MIGRATIONS_DIR } from '../../config/paths.js';
import { type Database, rowsOf } from '../../db/client.js';

/**
 * Migration 0017 (docs/decisions/0024-audit-log-at-scale.md) on a database that already has an
 * audit log: the schema of migration 0016 with rows in it, then the real migrations folder, on
 * the test server.
 */
describe('migration 0017 on a populated audit log', () => {
  let folder: string;
  let db: Database;
  let migrate: (migrationsFolder: string) => Promise<void>;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    // The migrations up to 0016: the same files, the journal cut before 0017.
    folder = await mkdtemp(path.join(tmpdir(), 'portal-migrations-0016-'));
    await cp(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((e) => e.idx < 17);
    await writeFile(journalFile, JSON.stringify(journal));

    const database = await createDatabase('portal_test_mig', { empty: true });
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const pgDb = drizzlePg({ client: pool });
    db = pgDb as unknown as Database;
    migrate = (migrationsFolder) => migratePg(pgDb, { migrationsFolder });
    dispose = async () => {
      await pool.end();
      await database.drop();
    };
  });
  afterAll(async () => {
    await dispose?.();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  const all = async (table: string) =>
    rowsOf<Record<string, unknown>>(
      await db.execute(sql`select to_jsonb(t) as row from ${sql.identifier(table)} as t order by id`),
    ).map((r) => r.row);

  it('keeps every row, id and time, and the log goes on from the same id', async () => {
    await migrate(folder);
    // Fourteen months of rows, some deleted (the sequence is ahead of the largest id).
    await db.execute(sql`insert into audit_logs (action, entity, entity_id, url, method, user_id, old_value, new_value, created_at)
      select (array['login', 'users.update', 'roles.insert'])[1 + g % 3], 'users', g::text, '/api/v1/users/' || g, 'PUT',
        null, jsonb_build_object('n', g - 1), jsonb_build_object('n', g),
        now() - make_interval(days => 420) + make_interval(mins => g * 1200)
      from generate_series(1, 500) as g`);
    await db.execute(sql`delete from audit_logs where id > 495`);
    const before = await all('audit_logs');
    expect(before).toHaveLength(495);

    await migrate(MIGRATIONS_DIR);

    expect(await all('audit_logs')).toEqual(before);
    expect(await all('audit_logs_all')).toEqual(before);
    expect(await all('audit_logs_archive')).toEqual([]);
    const key = rowsOf<{ column: string }>(
      await db.execute(sql`select a.attname as column from pg_index as i
        join pg_attribute as a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = 'audit_logs'::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`),
    ).map((r) => r.column);
    expect(key).toEqual(['id', 'created_at']);
    const [next] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into audit_logs (action) values ('after.migration') returning id::int as id`),
    );
    expect(next?.id).toBe(501);

    // The archive takes the old rows in batches; the whole log reads the same.
    const [moved] = rowsOf<{ n: number }>(
      await db.execute(sql`select audit_logs_archive_batch(now() - interval '1 day', 300) as n`),
    );
    expect(moved?.n).toBe(300);
    expect((await all('audit_logs_all')).slice(0, 495)).toEqual(before);
    expect(await all('audit_logs_archive')).toEqual(before.slice(0, 300));
  });
});

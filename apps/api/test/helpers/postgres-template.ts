import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../../src/config/paths.js';

/**
 * A migrated template database on the test PostgreSQL server, named after the
 * content of drizzle/ (a changed migration makes a new one). Each test file
 * copies it with CREATE DATABASE … TEMPLATE instead of running every migration.
 * Built under an advisory lock so concurrent runs never build it twice.
 */
async function migrationsKey(): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(`${path.relative(MIGRATIONS_DIR, full)}\0`).update(await readFile(full));
    }
  };
  await walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_NOTE = 'portal test template, last used ';
const UNUSED_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * Templates of other migration trees go once no run has used them for a day. Dropping them at once
 * pulled the template from under another work tree's run on the same server (its files then failed
 * to copy it); a template without a date (made before this rule) is left to its own tree.
 */
async function dropUnusedTemplates(admin: pg.Client, keep: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; note: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as note
       from pg_database where datname like 'portal_tpl_%' and datname <> $1`,
    [keep],
  );
  for (const row of rows) {
    const used = row.note?.startsWith(TEMPLATE_NOTE) ? Date.parse(row.note.slice(TEMPLATE_NOTE.length)) : Number.NaN;
    if (Number.isFinite(used) && Date.now() - used > UNUSED_FOR_MS) {
      await admin.query(`drop database if exists ${row.datname} with (force)`);
    }
  }
}

export async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `portal_tpl_${await migrationsKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(727274)');
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`drop database if exists ${name}_partial with (force)`);
      await admin.query(`create database ${name}_partial`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}_partial`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
      try {
        await migrate(drizzle({ client: pool }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await pool.end();
      }
      await admin.query(`alter database ${name}_partial rename to ${name}`);
    }
    // Dated at every use: the server may be shared by several work trees (a developer's machine),
    // whose runs each keep the template of their own migrations.
    await admin.query(`comment on database ${name} is '${TEMPLATE_NOTE}${new Date().toISOString()}'`);
    await dropUnusedTemplates(admin, name);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await admin.end();
  }
}

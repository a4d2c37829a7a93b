import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../test/helpers/build-app.js';
import { testAdminUrl } from '../../test/helpers/test-database.js';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';

const adminUrl = testAdminUrl();

async function admin(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Issue 14: several API instances started together on one new PostgreSQL database. Start-up
 * (migrations, then the seed) runs under an advisory lock, so they take turns: every instance
 * starts, each migration is applied once, and the seed's rows exist once.
 */
describe('start-up of instances started together on one database', () => {
  const name = `portal_startup_${process.pid}_${randomBytes(3).toString('hex')}`;
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await admin(`drop database if exists ${name} with (force)`);
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('migrates and seeds once while three instances start at the same moment', async () => {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const started = await Promise.allSettled(
      [1, 2, 3].map(async () => {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-startup-'));
        dirs.push(dataDir);
        const env = loadEnv({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          WEB_DIST: '/nonexistent-web-dist',
          DATABASE_URL: url.toString(),
          ADMIN_PHONE: ADMIN.phone,
          ADMIN_PASSWORD: ADMIN.password,
        });
        const app = await buildApp({ env });
        apps.push(app);
        return app;
      }),
    );
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);

    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const applied = await client.query(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
      );
      expect(applied.rows.length).toBeGreaterThan(10);
      expect(applied.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
      const admins = await client.query(`select count(*)::int as n from users where phone = '${ADMIN.phone}'`);
      expect(admins.rows[0].n).toBe(1);
      const roles = await client.query('select name, count(*)::int as n from roles group by name');
      expect(roles.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
      const terms = await client.query(
        'select lang, count(*)::int as n from terms_versions group by lang order by lang',
      );
      expect(terms.rows).toEqual([
        { lang: 'ar', n: 1 },
        { lang: 'en', n: 1 },
      ]);
    } finally {
      await client.end();
    }
    // Every instance answers.
    for (const app of apps) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(200);
    }
  }, 120_000);
});

import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testAdminUrl } from './helpers/test-database.js';

/**
 * `npm run scale:demo` as a test (issue 14): two instances on PostgreSQL, Redis and S3 behind a
 * proxy under the real journeys, one killed with SIGKILL and restarted. It passes when the run
 * had no error and every check held: acknowledged writes whole, cut-off writes whole or absent,
 * every job done and every mail sent once, documents byte for byte, dashboard equal to exact counts.
 * Needs Redis (TEST_REDIS_URL; the CI machine has it); the database is the run's server.
 */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const runs = !!process.env.TEST_REDIS_URL;

type Report = {
  calls: number;
  timeline: { killed?: number; restarted?: number; servedByRestarted?: number };
  proxy: { served: Record<string, number> };
  checks: { name: string; ok: boolean; detail: string }[];
};

describe.skipIf(!runs)('scale demo: a kill -9 under load loses nothing', () => {
  it('keeps every acknowledged write, runs every job once, and the dashboard stays exact', {
    timeout: 600_000,
  }, async () => {
    const admin = new URL(testAdminUrl());
    admin.pathname = '/postgres';
    const results = path.join(REPO_ROOT, 'bench-results', 'scale-demo.json');
    await rm(results, { force: true });
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', 'scripts/scale-demo/index.ts', '--duration', '10'],
        {
          cwd: REPO_ROOT,
          env: { ...process.env, SCALE_DATABASE_URL: admin.toString(), REDIS_URL: process.env.TEST_REDIS_URL },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
      child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
      child.on('exit', resolve);
    });
    const report = JSON.parse(
      await readFile(results, 'utf8').catch(() => `{"checks":[{"name":"no report","ok":false}]}`),
    ) as Report;
    const failed = report.checks.filter((c) => !c.ok);
    expect(failed, output.join('')).toEqual([]);
    expect(code, output.join('')).toBe(0);
    // The fault happened, and both instances carried load: the survivor, and the restarted one after.
    expect(report.timeline.killed).toBeGreaterThan(0);
    expect(report.timeline.servedByRestarted).toBeGreaterThan(0);
    expect(report.proxy.served.a).toBeGreaterThan(0);
    expect(report.checks.length).toBeGreaterThanOrEqual(12);
    expect(report.calls).toBeGreaterThan(100);
  });
});

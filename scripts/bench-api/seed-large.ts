/**
 * `npm run seed:large` — builds DESIGN §5's large data set on PostgreSQL, in SQL, in minutes: 100
 * associations, 100,000 users, 10,000,800 installments, 200,000 service requests (with their
 * documents' rows and history), 1,000,000 audit rows, and the other lists (seed.ts DEFAULT_SIZE:
 * 20,000 tickets, 20,000 contact messages, 20,000 card requests, 3,000 turn-move requests,
 * 300,000 notifications).
 *
 *   npm run seed:large
 *   npm run seed:large -- --users 200000 --requests 500000
 *   npm run bench:api -- --engine postgres --reuse     then benchmark it
 *
 * It (re)creates the `portal_bench` database of `npm run bench:api` on the server of
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), starts the real app on
 * it exactly as the bench does (server-child.ts: the app migrates and seeds itself, then seed.ts
 * bulk-inserts the data set), marks the database seeded so `bench:api --reuse` keeps it, prints
 * what it built and how long each part took, and stops the app. Same sizes, same code as the
 * bench: a database made here is one the bench would have made.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sizeOptions } from './cli.js';
import { checkReachable, DEFAULT_ADMIN_URL, describeSize, sizeOf, Unreachable } from './seed.js';
import { startEngine } from './server.js';

const USAGE = `Usage: npm run seed:large -- [--users <n>] [--logs <n>] [--requests <n>]
  Builds the portal_bench database (dropped first if it exists) for npm run bench:api -- --engine postgres --reuse.
Environment: BENCH_DATABASE_URL (admin connection; default ${DEFAULT_ADMIN_URL})`;

const int = (n: number) => n.toLocaleString('en-US');

async function main(): Promise<number> {
  let sizes: ReturnType<typeof sizeOptions>;
  try {
    const { values } = parseArgs({
      options: {
        users: { type: 'string' },
        logs: { type: 'string' },
        requests: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    sizes = sizeOptions(values);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;
  const size = sizeOf('postgres', sizes);
  const loadAverage = os.loadavg().map((n) => n.toFixed(2));
  console.log(`seed:large on ${os.cpus().length} cores, load average ${loadAverage.join(' / ')} (1 / 5 / 15 min)`);
  console.log(`seed:large: ${describeSize(size)}`);
  const started = performance.now();
  try {
    await checkReachable(adminUrl);
    const server = await startEngine('postgres', { adminUrl, size, reuse: false }, (text) => console.log(text));
    await server.stop();
    const { seed, facts } = server;
    const total = (performance.now() - started) / 1000;
    console.log('');
    console.log(`portal_bench on PostgreSQL ${facts.version}, built in ${total.toFixed(1)} s:`);
    const parts: [string, number][] = [
      ['app start (migrations, its own seed)', server.startSeconds],
      ...seed.steps.map((step): [string, number] => [step.name, step.seconds]),
    ];
    const width = Math.max(...parts.map(([name]) => name.length));
    for (const [name, seconds] of parts) console.log(`  ${name.padEnd(width)} ${seconds.toFixed(1).padStart(7)} s`);
    console.log('rows:');
    const rows: [string, number][] = [
      ['users', facts.users],
      ['audit_logs (with its archive)', facts.auditRows],
      ['installments', facts.installments],
      ['associations', facts.exports.associations],
      ['subscriptions', facts.exports.subscriptions],
      ...Object.entries(facts.rows),
    ];
    for (const [table, n] of rows) console.log(`  ${table.padEnd(24)} ${int(n).padStart(12)}`);
    console.log(
      `service requests not removed ${int(facts.requests.live)}, submitted ${int(facts.requests.submitted)}; ` +
        `member (for /me) ${facts.member ? `user ${facts.member.id}, phone ${facts.member.phone}` : 'none'}`,
    );
    if (seed.bypassedTriggers.length > 0) {
      console.log(
        `triggers off for the bulk rows: ${seed.bypassedTriggers.join(', ')}; counters recounted: ` +
          `${seed.refreshedCounters.map((f) => `${f}()`).join(', ') || 'none'}`,
      );
    }
    for (const warning of seed.warnings) console.log(`warning: ${warning}`);
    console.log('next: npm run bench:api -- --engine postgres --reuse');
    return 0;
  } catch (error) {
    if (error instanceof Unreachable) console.error(`seed:large: ${error.message} (set BENCH_DATABASE_URL)`);
    else console.error('seed:large failed:', error);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * `npm run scale:demo` — two API instances on the local PostgreSQL and Redis and an S3-compatible
 * store, behind a small proxy, under a mixed load of the real journeys; one instance is killed with
 * SIGKILL mid-run and started again; then every acknowledged write, job, mail, file and dashboard
 * figure is checked against the database.
 *
 *   npm run scale:demo                              60 s of load, the kill at 40 %, the restart at 70 %
 *   npm run scale:demo -- --duration 30 --no-kill   without the fault
 *   npm run scale:demo -- --members 8 --applicants 4 --staff 4 --listeners 2
 *
 * Needs PostgreSQL (SCALE_DATABASE_URL, an admin connection; default postgres://postgres@127.0.0.1:5432/postgres)
 * and Redis (REDIS_URL, default redis://127.0.0.1:6379). It makes a fresh `portal_scale` database
 * (dropped at the end unless --keep), starts s3rver (the S3 REST API over a temporary folder) and an
 * SMTP server in this process, and the instances from source (tsx); their logs go to
 * bench-results/scale-demo-<name>.log. Prints throughput, p50/p99 per journey step, errors
 * (must be 0) and the checks; bench-results/scale-demo.json holds the same.
 * Exit code: 0 when there was no error and every check held, 1 otherwise.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ASSOCIATION_COSTS } from '@portal/shared/constants';
import pg from 'pg';
import { hashPassword } from '../../apps/api/src/lib/passwords.js';
import { PDF_BYTES, requestFormFields } from '../../apps/api/test/factories/customer-requests.js';
import { startS3Server } from '../../apps/api/test/helpers/s3-server.js';
import { startSmtpSink } from '../../apps/api/test/helpers/smtp-sink.js';
import { createClient, dataOf, percentile, Recorder } from './client.js';
import { createInstance, type Instance } from './instances.js';
import {
  type Account,
  applicant,
  type JourneyContext,
  listener,
  member,
  newLedger,
  type StreamStats,
  staff,
} from './journeys.js';
import { startProxy } from './proxy.js';
import { type Check, checkDashboard, checkDocuments, checkJobs, checkWrites, settleUnsure } from './verify.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS_DIR = path.join(REPO_ROOT, 'bench-results');
const DATABASE = 'portal_scale';
const ADMIN = { phone: '01000000000', password: 'Scale@Demo2026' };
const CUSTOMER_PASSWORD = 'Scale@Member2026';
const ASSOCIATIONS = 6;
const JOB_LEASE_SECONDS = 15;
/**
 * Idempotency claims of a dead instance are taken over after this (IDEMPOTENCY_CLAIM_LEASE_SECONDS):
 * the checks retry the calls the kill cut off once it has lapsed. The demo's calls answer in well
 * under a second, so a lease shorter than the product's 60 s default is still longer than any of them,
 * and the checks do not wait a minute.
 */
const CLAIM_LEASE_SECONDS = 15;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    members: { type: 'string', default: '6' },
    applicants: { type: 'string', default: '3' },
    staff: { type: 'string', default: '3' },
    listeners: { type: 'string', default: '2' },
    'no-kill': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const num = (v: string | undefined) => Math.max(0, Math.floor(Number(v)));
const DURATION_S = Math.max(10, num(args.duration));
const SIZES = {
  members: num(args.members),
  applicants: Math.max(1, num(args.applicants)),
  staff: Math.max(1, num(args.staff)),
  listeners: num(args.listeners),
};

const adminUrl = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const since = (start: number) => (performance.now() - start) / 1000;

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) }, () => socket.write('PING\r\n'));
    socket.setTimeout(2000, () => resolve(false));
    socket.on('data', (d) => {
      resolve(d.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.on('error', () => resolve(false));
  });
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Customers straight into the database (email confirmed, role user), as many as the load needs. */
async function seedCustomers(db: pg.Client, count: number): Promise<(Account & { id: number })[]> {
  const hash = await hashPassword(CUSTOMER_PASSWORD);
  const inserted = await db.query(
    `insert into users (name, email, phone, password_hash, type, active, phone_verified, email_verified_at, locale)
     select 'عضو تجربة ' || g, 'scale.member' || g || '@example.com', '0159' || lpad(g::text, 7, '0'), $1,
            'user', true, true, now(), 'ar'
       from generate_series(1, $2::int) as g
     returning id, phone`,
    [hash, count],
  );
  await db.query(
    `insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r
      where r.name = 'user' and u.phone like '0159%' on conflict do nothing`,
  );
  return inserted.rows.map((r: { id: number; phone: string }) => ({
    id: Number(r.id),
    phone: r.phone,
    password: CUSTOMER_PASSWORD,
  }));
}

/** Busy CPU seconds of the whole machine since boot (/proc/stat: all but idle and iowait). */
async function machineBusySeconds(): Promise<number> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100;
  } catch {
    return 0;
  }
}

function printSteps(recorder: Recorder, seconds: number) {
  console.log(`\n${recorder.total} calls in ${seconds.toFixed(1)} s: ${(recorder.total / seconds).toFixed(1)} calls/s`);
  console.log(
    'step'.padEnd(40),
    'calls'.padStart(7),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'cut'.padStart(5),
    'errors'.padStart(7),
  );
  for (const [name, s] of recorder.steps) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    console.log(
      name.padEnd(40),
      String(s.count).padStart(7),
      percentile(sorted, 50).toFixed(0).padStart(8),
      percentile(sorted, 99).toFixed(0).padStart(8),
      String(s.interrupted).padStart(5),
      String(s.errors).padStart(7),
    );
  }
}

async function main(): Promise<number> {
  console.log(
    `scale demo: ${DURATION_S} s, ${SIZES.members} members, ${SIZES.applicants} applicants, ${SIZES.staff} staff desks, ` +
      `${SIZES.listeners} live listeners; ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.error(`PostgreSQL is not reachable at ${new URL(adminUrl).host}: ${(error as Error).message}`);
    return 1;
  }
  if (!(await redisAnswers(redisUrl))) {
    console.error(`Redis does not answer at ${redisUrl} (set REDIS_URL)`);
    await admin.end();
    return 1;
  }
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE} template template0 encoding 'UTF8'`);
  await mkdir(RESULTS_DIR, { recursive: true });

  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  };
  try {
    const s3 = await startS3Server('portal-scale');
    cleanups.push(() => s3.close());
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl(DATABASE),
      REDIS_URL: redisUrl,
      ...s3.env,
      SMTP_URL: sink.url,
      MAIL_FROM: 'portal@example.com',
      ADMIN_PASSWORD: ADMIN.password,
      JOBS_POLL_SECONDS: '1',
      JOBS_LEASE_SECONDS: String(JOB_LEASE_SECONDS),
      IDEMPOTENCY_CLAIM_LEASE_SECONDS: String(CLAIM_LEASE_SECONDS),
    };
    const instances: Instance[] = [];
    for (const name of ['a', 'b'])
      instances.push(await createInstance({ name, repoRoot: REPO_ROOT, env, logDir: RESULTS_DIR }));
    cleanups.push(async () => {
      for (const instance of instances) await instance.stop();
    });
    let started = performance.now();
    // Both at once on the new database: migrations and the seed take turns under the start-up lock.
    await Promise.all(instances.map((i) => i.start()));
    log(`instances a and b healthy in ${since(started).toFixed(1)} s (started together on an empty database)`);
    const proxy = await startProxy(instances.map((i) => ({ name: i.name, port: i.port })));
    cleanups.push(() => proxy.close());

    const db = new pg.Client({ connectionString: databaseUrl(DATABASE) });
    await db.connect();
    cleanups.push(() => db.end());
    const recorder = new Recorder();
    const call = createClient(proxy.url, recorder);
    const adminLogin = await call('setup', 'POST', '/login', { json: ADMIN });
    if (adminLogin.outcome !== 'ok') throw new Error(`administrator login failed: ${adminLogin.status}`);
    const adminToken = dataOf<{ access_token: string }>(adminLogin).access_token;
    const { rows: dates } = await db.query<{ start: string }>(
      "select to_char((now() at time zone 'Africa/Cairo')::date - 30, 'YYYY-MM-DD') as start",
    );
    const today = dates[0]?.start ?? '';
    const associations: number[] = [];
    for (let a = 1; a <= ASSOCIATIONS; a += 1) {
      const created = await call('setup', 'PUT', '/associations', {
        token: adminToken,
        json: {
          title: `جمعية تجربة الحمل ${a}`,
          cost: ASSOCIATION_COSTS[a % ASSOCIATION_COSTS.length],
          association_type: 'normal',
          from_date: today,
        },
        expect: [201],
      });
      if (created.outcome !== 'ok')
        throw new Error(`association create failed: ${created.status} ${created.bytes.toString()}`);
      associations.push(dataOf<{ id: number }>(created).id);
    }
    const customers = await seedCustomers(db, SIZES.members + SIZES.applicants);
    // Days from the 32nd: the association began 30 days ago, so each is today or later (join's rule).
    const nextDayOf = new Map(associations.map((id) => [id, 32]));
    let turn = 0;
    const nextDay = () => {
      for (let i = 0; i < associations.length; i += 1) {
        const associationId = associations[(turn + i) % associations.length] as number;
        const day = nextDayOf.get(associationId) ?? 1201;
        if (day <= 1200) {
          nextDayOf.set(associationId, day + 1);
          turn += 1;
          return { associationId, day };
        }
      }
      return undefined;
    };
    recorder.steps.clear();
    recorder.total = 0;

    const ledger = newLedger();
    let running = true;
    const ctx: JourneyContext = {
      call,
      ledger,
      running: () => running,
      nextDay,
      pdf: PDF_BYTES,
      formFields: requestFormFields(),
    };
    const streams: StreamStats = { connections: 0, events: 0, cuts: 0 };
    const members = customers.slice(0, SIZES.members);
    const applicants = customers.slice(SIZES.members);
    const staffAccount = { phone: ADMIN.phone, password: ADMIN.password };
    log(`load: ${DURATION_S} s through the proxy at ${proxy.url}`);
    started = performance.now();
    const users = [
      ...members.map((m) => member(ctx, m, m.id)),
      ...applicants.map((a) => applicant(ctx, a)),
      ...Array.from({ length: SIZES.staff }, (_, k) => staff(ctx, staffAccount, k, SIZES.staff)),
      ...applicants.slice(0, SIZES.listeners).map((a) => listener(proxy.url, a, () => running, streams)),
    ];
    const timeline: Record<string, number> = {};
    // What each part needs: peak resident memory per instance, peak PostgreSQL connections.
    const peaks = { rssMiB: {} as Record<string, number>, pgConnections: 0 };
    const cpuAtStart = await Promise.all(instances.map((i) => i.usage()));
    // The whole machine's busy CPU and this process's (the load, s3rver, the SMTP server), so that
    // what is left is PostgreSQL and Redis (on a machine doing nothing else).
    const machineAtStart = await machineBusySeconds();
    const selfAtStart = process.cpuUsage();
    const instanceCpu: Record<string, { last: number; total: number }> = {};
    const sampleCpu = (name: string, cpuSeconds: number) => {
      const entry = instanceCpu[name] ?? { last: 0, total: 0 };
      // A restarted process counts from zero again.
      entry.total += cpuSeconds >= entry.last ? cpuSeconds - entry.last : cpuSeconds;
      entry.last = cpuSeconds;
      instanceCpu[name] = entry;
    };
    instances.forEach((instance, i) => {
      instanceCpu[instance.name] = { last: cpuAtStart[i]?.cpuSeconds ?? 0, total: 0 };
    });
    const sampler = setInterval(() => {
      void (async () => {
        for (const instance of instances) {
          const usage = await instance.usage();
          if (usage) {
            peaks.rssMiB[instance.name] = Math.max(peaks.rssMiB[instance.name] ?? 0, usage.rssMiB);
            sampleCpu(instance.name, usage.cpuSeconds);
          }
        }
        const { rows } = await db.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [DATABASE],
        );
        peaks.pgConnections = Math.max(peaks.pgConnections, Number(rows[0]?.n ?? 0) - 1);
      })().catch(() => undefined);
    }, 1000);
    const victim = instances[1] as Instance;
    let servedBeforeRestart = 0;
    const faults = args['no-kill']
      ? Promise.resolve()
      : (async () => {
          await new Promise((r) => setTimeout(r, DURATION_S * 400));
          victim.kill9();
          timeline.killed = since(started);
          log(`kill -9 instance b (pid ${victim.pid()}) at ${timeline.killed.toFixed(1)} s`);
          await new Promise((r) => setTimeout(r, DURATION_S * 300));
          timeline.restarting = since(started);
          await victim.start();
          timeline.restarted = since(started);
          servedBeforeRestart = proxy.upstreams[1]?.served ?? 0;
          log(
            `instance b healthy again at ${timeline.restarted.toFixed(1)} s (started at ${timeline.restarting.toFixed(1)} s)`,
          );
        })();
    await new Promise((r) => setTimeout(r, DURATION_S * 1000));
    // The load goes on until the restarted instance has taken its share for a few seconds.
    await faults;
    if (timeline.restarted !== undefined) {
      const more = timeline.restarted + 5 - since(started);
      if (more > 0) await new Promise((r) => setTimeout(r, more * 1000));
    }
    running = false;
    await Promise.all(users);
    clearInterval(sampler);
    for (const instance of instances) {
      const usage = await instance.usage();
      if (usage) sampleCpu(instance.name, usage.cpuSeconds);
    }
    const self = process.cpuUsage(selfAtStart);
    const cpu = {
      instances: Object.values(instanceCpu).reduce((sum, e) => sum + e.total, 0),
      loadAndStores: (self.user + self.system) / 1e6,
      machine: (await machineBusySeconds()) - machineAtStart,
    };
    // The survivor (a) ran the whole load: its CPU per call is the figure to scale by.
    const survivorCpu = ((await instances[0]?.usage())?.cpuSeconds ?? 0) - (cpuAtStart[0]?.cpuSeconds ?? 0);
    const survivorCalls = proxy.upstreams[0]?.served ?? 0;
    if (timeline.restarted !== undefined) {
      timeline.servedByRestarted = (proxy.upstreams[1]?.served ?? 0) - servedBeforeRestart;
    }
    const seconds = since(started);
    if (timeline.servedByRestarted !== undefined)
      log(`the restarted instance answered ${timeline.servedByRestarted} calls after it came back`);
    log(
      `load over after ${seconds.toFixed(1)} s; proxy: ${proxy.upstreams.map((u) => `${u.name} served ${u.served}`).join(', ')}, passed on ${proxy.stats.retried}, cut off ${proxy.stats.interrupted}`,
    );
    printSteps(recorder, seconds);
    const cpuMsPerCall = survivorCalls > 0 ? (survivorCpu * 1000) / survivorCalls : 0;
    console.log(
      `\ninstance a: ${survivorCpu.toFixed(1)} CPU s for ${survivorCalls} calls (${cpuMsPerCall.toFixed(1)} ms per call); ` +
        `peak memory ${Object.entries(peaks.rssMiB)
          .map(([k, v]) => `${k} ${v.toFixed(0)} MiB`)
          .join(', ')}; peak PostgreSQL connections ${peaks.pgConnections} (besides the checker's)`,
    );
    console.log(
      `CPU over the load: instances ${cpu.instances.toFixed(1)} s, this process (load, s3rver, SMTP) ${cpu.loadAndStores.toFixed(1)} s, ` +
        `the rest of the machine (PostgreSQL, Redis, anything else) ${(cpu.machine - cpu.instances - cpu.loadAndStores).toFixed(1)} s, of ${(seconds * os.cpus().length).toFixed(0)} s available`,
    );
    const loadErrors = recorder.errors();
    const loadInterrupted = recorder.interrupted();
    const loadSteps = Object.fromEntries(
      [...recorder.steps].map(([name, s]) => {
        const sorted = [...s.latencies].sort((a, b) => a - b);
        return [
          name,
          {
            calls: s.count,
            p50: percentile(sorted, 50),
            p99: percentile(sorted, 99),
            cut: s.interrupted,
            errors: s.errors,
          },
        ];
      }),
    );

    // The checks.
    if (timeline.killed !== undefined) {
      const wait = (CLAIM_LEASE_SECONDS + 1) * 1000 - (performance.now() - started - timeline.killed * 1000);
      if (wait > 0 && ledger.unsure.length > 0) {
        log(
          `waiting ${(wait / 1000).toFixed(0)} s for the dead instance's idempotency claims to lapse before retrying`,
        );
        await new Promise((r) => setTimeout(r, wait));
      }
    }
    const checks: Check[] = [];
    checks.push(await settleUnsure(db, ledger, call, adminToken));
    checks.push(...(await checkJobs(db, sink, 120_000)));
    checks.push(...(await checkWrites(db, ledger)));
    checks.push(await checkDocuments(ledger, call, adminToken, PDF_BYTES));
    checks.push(await checkDashboard(db, call, adminToken));
    const [notifications] = (await db.query('select count(*)::int as n from notifications')).rows as { n: number }[];
    checks.push({
      name: 'live notifications: listeners connected through the proxy, reconnected after cuts',
      ok: SIZES.listeners === 0 || streams.connections >= SIZES.listeners,
      detail: `${streams.connections} connections, ${streams.cuts} reconnects, ${streams.events} events received live; ${notifications?.n ?? 0} notifications stored`,
    });
    const afterErrors = recorder.errors() - loadErrors;
    checks.push({
      name: 'errors during the load (every answer as the journey expects, or cut off by the kill)',
      ok: loadErrors === 0 && afterErrors === 0,
      detail: `${loadErrors} errors, ${loadInterrupted} calls cut off by the kill${afterErrors ? `, ${afterErrors} errors in the checks` : ''}`,
    });
    console.log('\nchecks:');
    for (const check of checks) console.log(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
    if (recorder.samples.length > 0) {
      console.log('\nfirst errors:');
      for (const sample of recorder.samples) console.log(`  ${sample}`);
    }

    // Graceful stop of both: drain, stop the worker, end the streams.
    started = performance.now();
    await Promise.all(instances.map((i) => i.stop()));
    log(`both instances stopped (SIGTERM) in ${since(started).toFixed(1)} s`);
    const failed = checks.filter((c) => !c.ok).length;
    await writeFile(
      path.join(RESULTS_DIR, 'scale-demo.json'),
      `${JSON.stringify(
        {
          at: new Date().toISOString(),
          loadAverage: os.loadavg(),
          sizes: SIZES,
          durationSeconds: seconds,
          calls: recorder.total,
          callsPerSecond: recorder.total / seconds,
          timeline,
          resources: { survivorCpuSeconds: survivorCpu, survivorCalls, cpuMsPerCall, cpu, ...peaks },
          proxy: { served: Object.fromEntries(proxy.upstreams.map((u) => [u.name, u.served])), ...proxy.stats },
          steps: loadSteps,
          streams,
          checks,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\n${checks.length - failed} checks held, ${failed} failed; ${loadErrors} errors`);
    return failed === 0 && loadErrors === 0 ? 0 : 1;
  } finally {
    await cleanup();
    if (!args.keep) await admin.query(`drop database if exists ${DATABASE} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * `npm run bench:api` — API throughput and latency against the DESIGN §5 budgets: every list,
 * get-by-id, export, dashboard and workflow action of the product (targets.ts).
 *
 *   npm run bench:api                                  both engines, 10 s per target
 *   npm run seed:large && npm run bench:api -- --engine postgres --reuse
 *                                                      seed once (minutes), then benchmark it
 *   npm run bench:api -- --engine embedded --duration 5 --only bare,get-by-id,users-page-1
 *   npm run bench:api -- --strict                      exit 2 when a budget is not met
 *
 * For each engine it starts the real app from source (tsx, no build) in a child process
 * (server-child.ts), which opens its database as in production (pool, statement timeout):
 * PostgreSQL in a fresh `portal_bench` database on the server of BENCH_DATABASE_URL (an admin
 * connection, default postgres://postgres@127.0.0.1:5432/postgres; --reuse keeps a database
 * already seeded with the same sizes, e.g. by `npm run seed:large`), or the embedded server the app
 * starts itself in a temp DATA_DIR (what `npm start` runs).
 * The app migrates and seeds itself, then seed.ts bulk-inserts the data set in SQL (DESIGN §5 on
 * PostgreSQL: 100,000 users, 1,000,000 audit rows, 10,000,800 installments, 200,000 service
 * requests, and the other lists; embedded a tenth to a fifth; --users / --logs / --requests change
 * those) and runs VACUUM ANALYZE. Beside it a bare Fastify server answers {ok:true}: the ceiling of
 * this machine in the same run. This process logs in as the administrator (and as a seeded member
 * for the /me calls) and loads each target with autocannon (10 connections, exports 2, a warm-up,
 * then --duration seconds), after checking it answers 2xx with what it should (an export: the
 * file and its rows). Writes take a fresh record per request from a pool the server prepares
 * (pools.ts), so each one must succeed.
 *
 * Reading the output: one table per engine — connections, req/s, p50 and p99 latency (whole ms),
 * errors (responses other than 2xx, socket errors, timeouts), the budget and met / NOT MET /
 * FAILED (errors or a wrong answer); for exports rows/s (one file's rows ÷ its p50) and, in the
 * notes, the first file's rows/s and the rows per CPU second of the API (steady under load). Compare req/s with the bare route's: that is what the machine
 * gives an empty handler; the rest of the gap is the app. Figures are only as quiet as the
 * machine: note the load average printed first. bench-results/api.json holds the same figures
 * (and p90, max, statuses, pools).
 *
 * The writes change the data (payments received, requests moved on…): a --reuse run after another
 * measures a slightly different state; `npm run seed:large` starts afresh.
 *
 * portal_bench stays after the run (for --reuse); `psql -h 127.0.0.1 -U postgres -c 'drop database
 * portal_bench'` frees its ~4.5 GB. The embedded server's DATA_DIR is temporary. Type check: `npx tsc -p scripts/bench-api`.
 *
 * Exit code: 0 when every target answered 2xx throughout; 1 when a target failed, an engine could
 * not be run, or PostgreSQL was asked for alone and is unreachable (with both engines it is
 * skipped with a message); 2 with --strict when every answer was right but a budget was not met.
 *
 * To add an endpoint: a Target in targets.ts (and its rows in seed.ts, or a pool in pools.ts).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { positive, sizeOptions } from './cli.js';
import type { Engine } from './common.js';
import { type LoadOptions, login, runTarget, type Sessions } from './load.js';
import { summarizeProfile } from './profile-summary.js';
import { type EngineReport, judge, judgeRatios, printEngine, writeJson } from './report.js';
import { checkReachable, DEFAULT_ADMIN_URL, SEEDED_PASSWORD, type SizeOverrides, sizeOf, Unreachable } from './seed.js';
import { type RunningServer, startEngine } from './server.js';
import { describeSubscribe, measureSubscribe } from './subscribe.js';
import { ADMIN, buildTargets, TARGET_IDS } from './targets.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS = path.join(REPO_ROOT, 'bench-results', 'api.json');
const PROFILES = path.join(REPO_ROOT, 'bench-results', 'profiles');

const USAGE = `Usage: npm run bench:api -- [options]
  --engine postgres|embedded|both engines to run (default both)
  --duration <seconds>            measured run per target (default 10)
  --warmup <seconds>              warm-up before each run (default 2)
  --reuse                         PostgreSQL: keep portal_bench when it holds this data set (npm run seed:large)
  --only <id,...>                 targets: ${TARGET_IDS.join(', ')}
  --users <n> --logs <n> --requests <n>
                                  data set size (default postgres 100000/1000000/200000, embedded 20000/100000/20000)
  --associations <n> --subscriptions <n>
                                  associations and subscriptions, spread evenly (default postgres 100/8334, embedded
                                  20/170); 2/168: one association of 100,800 installments (its export) on embedded
  --strict                        exit 2 when a budget is not met
  --profile                       a CPU profile of the server per target (bench-results/profiles/), summed up by layer
Environment: BENCH_DATABASE_URL (admin connection; default ${DEFAULT_ADMIN_URL}), BENCH_DATABASE_NAME (default portal_bench)`;

type Options = LoadOptions & {
  engines: Engine[];
  reuse: boolean;
  only: string[] | null;
  strict: boolean;
  profile: boolean;
  sizes: SizeOverrides;
};

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'both' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      reuse: { type: 'boolean', default: false },
      only: { type: 'string' },
      users: { type: 'string' },
      logs: { type: 'string' },
      requests: { type: 'string' },
      associations: { type: 'string' },
      subscriptions: { type: 'string' },
      strict: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const engines: Record<string, Engine[]> = {
    both: ['postgres', 'embedded'],
    postgres: ['postgres'],
    embedded: ['embedded'],
  };
  const chosen = engines[values.engine];
  if (!chosen) throw new Error(`--engine wants postgres, embedded or both, got ${values.engine}`);
  const only = values.only ? values.only.split(',').map((s) => s.trim()) : null;
  const unknown = only?.filter((id) => !TARGET_IDS.includes(id)) ?? [];
  if (unknown.length > 0) throw new Error(`unknown target ${unknown.join(', ')}; known: ${TARGET_IDS.join(', ')}`);
  return {
    engines: chosen,
    duration: positive('duration', values.duration, 10) ?? 10,
    warmup: positive('warmup', values.warmup, 2) ?? 2,
    reuse: values.reuse,
    only,
    strict: values.strict,
    profile: values.profile,
    sizes: sizeOptions(values),
  };
}

async function runEngine(engine: Engine, options: Options, adminUrl: string): Promise<EngineReport> {
  const size = sizeOf(engine, options.sizes);
  let server: RunningServer | undefined;
  try {
    server = await startEngine(engine, { adminUrl, size, reuse: options.reuse }, (text) => console.log(text));
    const { facts } = server;
    const admin = await login(server.appUrl, ADMIN.phone, ADMIN.password);
    const sessions: Sessions = { admin };
    if (facts.member) {
      try {
        sessions.member = await login(server.appUrl, facts.member.phone, SEEDED_PASSWORD);
      } catch (error) {
        console.log(`${engine}: the member could not log in (${(error as Error).message}); /me targets fail`);
      }
    }
    const targets = buildTargets({ ...facts, adminId: admin.userId }).filter(
      (t) => !options.only || options.only.includes(t.id),
    );
    const results = [];
    const running = server;
    for (const target of targets) {
      const profileFile = path.join(PROFILES, `${engine}-${target.id}.cpuprofile`);
      const profiler = {
        before: () => running.profileStart(),
        after: () => running.profileStop(profileFile),
      };
      const result = judge(
        await runTarget(
          target,
          { app: running.appUrl, bare: running.bareUrl },
          running.pid,
          sessions,
          options,
          running.prepare,
          ...(options.profile ? [profiler] : []),
        ),
        target.budget[engine],
      );
      if (options.profile && !result.problem) console.log(summarizeProfile(profileFile, result.requests));
      console.log(
        `${engine}: ${target.label}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms` +
          (result.errors > 0 ? `, ${result.errors} errors` : '') +
          (result.problem ? ` — ${result.problem}` : ''),
      );
      results.push(result);
    }
    const subscribe = await measureSubscribe(server.appUrl, admin.token);
    console.log(`${engine}: ${describeSubscribe(subscribe)}`);
    return {
      engine,
      subscribe,
      version: facts.version,
      size,
      startSeconds: server.startSeconds,
      seed: server.seed,
      facts,
      warnings: server.seed.warnings,
      results,
      ratios: judgeRatios(results),
    };
  } finally {
    await server?.stop();
  }
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions();
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;
  const loadAverage = os.loadavg().map((n) => Math.round(n * 100) / 100);
  console.log(
    `bench:api on ${os.cpus().length} cores, load average ${loadAverage.join(' / ')} (1 / 5 / 15 min): ` +
      'figures are only as quiet as the machine.',
  );
  const reports: EngineReport[] = [];
  const skipped: { engine: Engine; reason: string }[] = [];
  let failed = false;
  for (const engine of options.engines) {
    try {
      if (engine === 'postgres') await checkReachable(adminUrl);
      reports.push(await runEngine(engine, options, adminUrl));
    } catch (error) {
      if (error instanceof Unreachable) {
        console.log(`postgres: skipped — ${error.message} (set BENCH_DATABASE_URL to an admin connection)`);
        skipped.push({ engine, reason: error.message });
        if (options.engines.length === 1) failed = true;
      } else {
        console.error(`${engine}: could not be benchmarked:`, error);
        skipped.push({ engine, reason: String((error as Error).message ?? error) });
        failed = true;
      }
    }
  }
  for (const report of reports) printEngine(report, options, loadAverage[0] ?? 0);
  if (reports.length > 0) {
    const loadAtEnd = os.loadavg().map((n) => Math.round(n * 100) / 100);
    console.log(`\nload average at the end ${loadAtEnd.join(' / ')} (1 / 5 / 15 min)`);
    await writeJson(RESULTS, options, reports, skipped, loadAverage, loadAtEnd);
    console.log(`\nwritten ${path.relative(process.cwd(), RESULTS)}`);
  }
  const results = reports.flatMap((r) => r.results);
  if (failed || results.some((r) => r.verdict === 'FAILED')) return 1;
  const unmet =
    results.some((r) => r.verdict === 'NOT MET') || reports.some((r) => r.ratios.some((x) => x.verdict === 'NOT MET'));
  if (options.strict && unmet) return 2;
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

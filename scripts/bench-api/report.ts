/** Judges each result against its budget, prints one table per engine, writes bench-results/api.json. */

import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Engine, LOG_ACTION, NAME_FRAGMENT } from './common.js';
import { CONNECTIONS, type LoadOptions, type TargetResult } from './load.js';
import type { SeedFacts, SeedSize } from './seed.js';
import type { SeedOutcome } from './server.js';
import { describeSubscribe, type SubscribeResult } from './subscribe.js';
import type { Budget } from './targets.js';

export type Verdict = 'met' | 'NOT MET' | 'FAILED' | '—';

export type JudgedResult = TargetResult & { budget: Budget | null; verdict: Verdict };

export type EngineReport = {
  engine: Engine;
  version: string;
  size: SeedSize;
  startSeconds: number;
  seed: SeedOutcome;
  facts: SeedFacts;
  warnings: string[];
  results: JudgedResult[];
  /** Subscribing one at a time (DESIGN §5: < 100 ms on PostgreSQL). */
  subscribe?: SubscribeResult;
  /** The request path's ratios (issue 21 §2), judged when both of their targets ran. */
  ratios: JudgedRatio[];
};

/**
 * Throughput ratios inside one run (issue 21 §2): unlike req/s they hold on a loaded machine, so
 * they say where a request's time goes. `min` is the budget; without it the ratio is a reference
 * (the split of the request path by layer).
 */
export type Ratio = { label: string; of: string; over: string; min?: number };
export type JudgedRatio = Ratio & { value: number | null; verdict: Verdict };

export const RATIOS: Ratio[] = [
  {
    label: "app's empty route ÷ bare Fastify (the app's hooks, logger, security headers)",
    of: 'app-empty',
    over: 'bare',
  },
  { label: 'with a session ÷ without (the session lookup, from its cache)', of: 'app-empty-auth', over: 'app-empty' },
  { label: '/health ÷ bare Fastify empty route', of: 'health', over: 'bare', min: 0.4 },
  { label: 'GET /users/{id} (signed in) ÷ /health', of: 'get-by-id', over: 'health', min: 0.5 },
  { label: "a list's first page (POST /users) ÷ /health", of: 'users-page-1', over: 'health', min: 0.35 },
  // The same ratios of a minimal Fastify + pg app: what the machine and pg allow, beside the product's.
  { label: 'bare Fastify + pg select 1 ÷ bare Fastify empty route', of: 'bare-select1', over: 'bare' },
  { label: 'bare Fastify + pg user by key ÷ its select 1', of: 'bare-user', over: 'bare-select1' },
  {
    label: '/health ÷ bare Fastify + pg select 1 (the product over the yardstick)',
    of: 'health',
    over: 'bare-select1',
  },
];

export function judgeRatios(results: TargetResult[]): JudgedRatio[] {
  const ok = (id: string) => results.find((r) => r.id === id && !r.problem && r.errors === 0 && r.rps > 0);
  return RATIOS.map((ratio) => {
    const of = ok(ratio.of);
    const over = ok(ratio.over);
    if (!of || !over) return { ...ratio, value: null, verdict: '—' as const };
    const value = of.rps / over.rps;
    const verdict: Verdict = ratio.min === undefined ? '—' : value >= ratio.min ? 'met' : 'NOT MET';
    return { ...ratio, value, verdict };
  });
}

/**
 * A run on a machine that was busy before the bench began (1-minute load above 1) or that ran
 * more than the bench's own two processes' worth beside it: its req/s are not this machine's.
 */
export function loadedMachine(loadAtStart: number, results: TargetResult[]): string | null {
  const cores = os.cpus().length;
  const peak = Math.max(0, ...results.map((r) => r.load1));
  if (loadAtStart > 1) return `load average ${loadAtStart.toFixed(2)} before the run began`;
  if (peak > cores + 1) return `load average up to ${peak.toFixed(2)} during the run on ${cores} cores`;
  return null;
}

export function judge(result: TargetResult, budget: Budget | undefined): JudgedResult {
  let verdict: Verdict = '—';
  if (result.problem || result.errors > 0) verdict = 'FAILED';
  else if (budget) {
    const fastEnough = budget.minRps === undefined || result.rps >= budget.minRps;
    const steadyEnough = budget.maxP99Ms === undefined || result.p99 < budget.maxP99Ms;
    verdict = fastEnough && steadyEnough ? 'met' : 'NOT MET';
  }
  return { ...result, budget: budget ?? null, verdict };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
// autocannon measures latency in whole milliseconds.
const ms = (n: number) => int(n);
const s = (n: number) => `${n.toFixed(1)} s`;

export function printEngine(report: EngineReport, options: LoadOptions, loadAtStart: number): void {
  const { seed, facts } = report;
  const name = report.engine === 'postgres' ? `PostgreSQL ${report.version}` : `embedded PostgreSQL ${report.version}`;
  const steps = seed.steps.map((step) => `${step.name} ${s(step.seconds)}`).join(', ');
  const seeding = seed.seeded ? `seeded in ${s(seed.seconds)} (${steps})` : `reused (${steps})`;
  console.log('');
  console.log(
    `${name}: ${int(facts.users)} users, ${int(facts.auditRows)} audit rows, ${int(facts.installments)} installments, ` +
      `${int(facts.requests.total)} service requests; ${seeding}; app start ${s(report.startSeconds)}`,
  );
  console.log(
    `  other rows: ${Object.entries(facts.rows)
      .map(([table, n]) => `${table} ${int(n)}`)
      .join(', ')}`,
  );
  console.log(
    `${options.duration} s per target after a ${options.warmup} s warm-up, ${CONNECTIONS} connections (exports fewer: ` +
      `column conn); name "${NAME_FRAGMENT}" matches ${int(facts.nameHits)} users, action "${LOG_ACTION}" ` +
      `${int(facts.actionHits)} audit rows; member ${facts.member ? `user ${facts.member.id}` : 'none'}`,
  );
  if (seed.bypassedTriggers.length > 0) {
    const recount = seed.refreshedCounters.map((f) => `${f}()`).join(', ') || 'none';
    console.log(
      `seed: triggers off for the bulk rows: ${seed.bypassedTriggers.join(', ')}; counters recounted: ${recount}`,
    );
  }
  const loaded = loadedMachine(loadAtStart, report.results);
  if (loaded)
    console.log(`LOADED MACHINE (${loaded}): req/s and p99 below are not this machine's; the ratios hold better`);
  const header = [
    'target',
    'conn',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'CPU µs/req',
    'load',
    'rows/s',
    'budget',
    'verdict',
  ];
  const rows = report.results.map((r) => [
    r.label,
    String(r.connections),
    int(r.rps),
    ms(r.p50),
    ms(r.p99),
    int(r.errors),
    r.cpuMicros === null ? '—' : int(r.cpuMicros),
    r.load1.toFixed(1),
    r.rowsPerSecond === undefined ? '—' : int(r.rowsPerSecond),
    r.budget?.text ?? '—',
    r.verdict,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = new Set([1, 2, 3, 4, 5, 6, 7, 8]);
  const line = (cells: string[]) =>
    cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  for (const r of report.results) {
    const notes: string[] = [];
    if (r.problem) notes.push(r.problem);
    if (Object.keys(r.statuses).length > 0) notes.push(`statuses ${JSON.stringify(r.statuses)}`);
    if (!r.problem && r.requests < 100) notes.push(`only ${r.requests} responses: p99 is rough`);
    if (r.timeouts > 0) notes.push(`${r.timeouts} timeouts`);
    if (r.settleSeconds > 1) notes.push(`server busy ${s(r.settleSeconds)} after the run`);
    if (r.pool) {
      notes.push(
        r.pool.used > r.pool.size
          ? `pool ${r.pool.name}: ${int(r.pool.size)} records, ${int(r.pool.used)} requests (cycled)`
          : `pool ${r.pool.name}: ${int(r.pool.used)} of ${int(r.pool.size)} records used`,
      );
    }
    if (r.note) notes.push(r.note);
    if (notes.length > 0) console.log(`  ${r.id}: ${notes.join('; ')}`);
  }
  const sub = report.subscribe;
  if (sub) console.log(`  ${describeSubscribe(sub)}`);
  const measured = report.ratios.filter((r) => r.value !== null);
  if (measured.length > 0) {
    console.log('  request path, ratios of req/s in this run (issue 21 §2):');
    for (const r of measured) {
      const budget = r.min === undefined ? 'reference' : `budget ≥ ${Math.round(r.min * 100)} %: ${r.verdict}`;
      console.log(`    ${r.label}: ${Math.round((r.value ?? 0) * 100)} % (${budget})`);
    }
  }
  const budgeted = report.results.filter((r) => r.budget);
  const met = budgeted.filter((r) => r.verdict === 'met').length;
  const failed = report.results.filter((r) => r.verdict === 'FAILED').map((r) => r.id);
  console.log(
    `  budgets met: ${met} of ${budgeted.length}${failed.length > 0 ? `; FAILED: ${failed.join(', ')}` : ''}`,
  );
  for (const warning of report.warnings) console.log(`  warning: ${warning}`);
}

export async function writeJson(
  file: string,
  options: LoadOptions,
  engines: EngineReport[],
  skipped: { engine: Engine; reason: string }[],
  loadAverageAtStart: number[],
  loadAverageAtEnd: number[],
): Promise<void> {
  const cpus = os.cpus();
  const document = {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? null,
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart,
      loadAverageAtEnd,
    },
    options: { ...options, connections: CONNECTIONS },
    engines,
    skipped,
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
}

/** Judges each result against its budget, prints one table per engine, writes bench-results/api.json. */

import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONNECTIONS, type LoadOptions, type TargetResult } from './load.js';
import type { SeedFacts, SeedSize } from './seed.js';
import type { SeedOutcome } from './server.js';
import type { SubscribeResult } from './subscribe.js';
import { type Budget, type Engine, LOG_ACTION, NAME_FRAGMENT } from './targets.js';

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
};

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

export function printEngine(report: EngineReport, options: LoadOptions): void {
  const { seed, facts } = report;
  const name = report.engine === 'postgres' ? `PostgreSQL ${report.version}` : `PGlite ${report.version}`;
  const seeding = seed.seeded
    ? `seeded in ${s(seed.seconds)} (users ${s(seed.users)}, audit rows ${s(seed.auditLogs)}, associations and installments ${s(seed.installments)}, vacuum+analyze ${s(seed.vacuumAnalyze)})`
    : `reused (vacuum+analyze ${s(seed.vacuumAnalyze)})`;
  console.log('');
  console.log(
    `${name}: ${int(facts.users)} users, ${int(facts.auditRows)} audit rows; ${seeding}; app start ${s(report.startSeconds)}`,
  );
  console.log(
    `${options.duration} s per target after a ${options.warmup} s warm-up, ${CONNECTIONS} connections; ` +
      `name "${NAME_FRAGMENT}" matches ${int(facts.nameHits)} users, action "${LOG_ACTION}" ${int(facts.actionHits)} audit rows`,
  );
  if (seed.bypassedTriggers.length > 0) {
    const recount = seed.refreshedCounters.map((f) => `${f}()`).join(', ') || 'none';
    console.log(
      `seed: triggers off for the bulk rows: ${seed.bypassedTriggers.join(', ')}; counters recounted: ${recount}`,
    );
  }
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'budget', 'verdict'];
  const rows = report.results.map((r) => [
    r.label,
    int(r.rps),
    ms(r.p50),
    ms(r.p99),
    int(r.errors),
    r.budget?.text ?? '—',
    r.verdict,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = new Set([1, 2, 3, 4]);
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
    if (r.timeouts > 0) notes.push(`${r.timeouts} timeouts (10 s)`);
    if (r.settleSeconds > 1) notes.push(`server busy ${s(r.settleSeconds)} after the run`);
    if (r.note) notes.push(r.note);
    if (notes.length > 0) console.log(`  ${r.id}: ${notes.join('; ')}`);
  }
  for (const warning of report.warnings) console.log(`  warning: ${warning}`);
}

export async function writeJson(
  file: string,
  options: LoadOptions,
  engines: EngineReport[],
  skipped: { engine: Engine; reason: string }[],
  loadAverageAtStart: number[],
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
    },
    options: { ...options, connections: CONNECTIONS },
    engines,
    skipped,
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
}

#!/usr/bin/env node
// Runs the test suites in order, each with vitest's JSON reporter beside the
// default one, and sums the results into test-results/summary.json.
//
//   npm test                        every suite
//   npm test -- api shared          only these (run in the order below)
//
// The API suite is two: `api` (every file but the fault and load tests) and
// `api-alone` (those, one file at a time). `api-alone` runs beside `web`: its
// files mostly wait on the servers they start and stop, and the web components
// take the CPU they leave, at the lowest priority so that the fault tests' timing
// stays theirs (docs/decisions/0039).
//
// The API and browser suites run on TEST_DATABASE_URL when it is set (CI), and
// otherwise on an embedded PostgreSQL server each run starts for itself.
//
// A suite whose JSON is missing or unreadable (a crash, a missing config)
// counts as 1 failed. The last line is "N passed, N failed"; the exit code is
// non-zero when anything failed. No dependencies: Node's standard library only.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'test-results');
const TIMEOUT_MS = Number(process.env.TEST_SUITE_TIMEOUT_MINUTES || 30) * 60_000;

/**
 * @typedef {{
 *   name: string, cwd: string, args?: string[], env?: Record<string, string>,
 *   beside?: string, lowPriority?: boolean,
 * }} Suite
 * `beside`: runs at the same time as that suite (when both are selected), its output kept and
 * printed when it ends. `lowPriority`: at the lowest CPU priority while a suite runs beside it.
 */

/**
 * The machine's time zone under test: far from Cairo (UTC+14 against UTC+2), so a test
 * or a screen that takes the machine's date for Cairo's fails on every run, not two hours
 * a day. TEST_TZ overrides it.
 */
const FAR_FROM_CAIRO = { TZ: process.env.TEST_TZ || 'Pacific/Kiritimati' };

/** @type {Suite[]} */
const SUITES = [
  { name: 'shared', cwd: 'packages/shared', env: FAR_FROM_CAIRO },
  { name: 'api', cwd: 'apps/api', args: ['--project', 'api'], env: FAR_FROM_CAIRO },
  { name: 'api-alone', cwd: 'apps/api', args: ['--project', 'api-alone'], env: FAR_FROM_CAIRO, beside: 'web' },
  { name: 'web', cwd: 'apps/web', env: FAR_FROM_CAIRO, lowPriority: true },
  { name: 'e2e', cwd: 'apps/web', args: ['--config', 'e2e/vitest.config.ts'], env: FAR_FROM_CAIRO },
];

function selectSuites(argv) {
  const names = argv.filter((a) => a !== '--');
  const unknown = names.filter((n) => !SUITES.some((s) => s.name === n));
  if (unknown.length > 0) {
    console.error(`Unknown suite: ${unknown.join(', ')}. Suites: ${SUITES.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  return names.length === 0 ? SUITES : SUITES.filter((s) => names.includes(s.name));
}

/** The selected suites as steps: a suite and the one it runs beside share a step. */
function stepsOf(selected) {
  const steps = [];
  for (const suite of selected) {
    if (suite.beside && selected.some((s) => s.name === suite.beside)) continue;
    const companions = selected.filter((s) => s.beside === suite.name);
    steps.push([...companions, suite]);
  }
  return steps;
}

/**
 * Runs vitest for one suite; resolves with its exit code (null when killed). `options.output`: an
 * array that collects the output instead of printing it; `options.nice`: at the lowest priority.
 */
function runVitest(suite, jsonFile, options = {}) {
  const args = [
    'vitest',
    'run',
    ...(suite.args ?? []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${jsonFile}`,
    `--reporter=${path.join(ROOT, 'scripts/vitest-failure-reasons.mjs')}`,
  ];
  return new Promise((resolve) => {
    const [command, commandArgs] = options.nice ? ['nice', ['-n', '19', 'npx', ...args]] : ['npx', args];
    const child = spawn(command, commandArgs, {
      cwd: path.join(ROOT, suite.cwd),
      env: { ...process.env, ...suite.env, VITEST_FAILURE_REASONS: reasonsFileOf(jsonFile) },
      stdio: ['ignore', options.output ? 'pipe' : 'inherit', options.output ? 'pipe' : 'inherit'],
      // Its own process group, so a timeout can stop vitest and its workers together.
      detached: process.platform !== 'win32',
    });
    if (options.output) {
      child.stdout.on('data', (chunk) => options.output.push(chunk));
      child.stderr.on('data', (chunk) => options.output.push(chunk));
    }
    const timer = setTimeout(() => {
      console.error(`\n${suite.name}: no result after ${TIMEOUT_MS / 60_000} minutes, stopping it`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, TIMEOUT_MS);
    child.on('error', (err) => {
      clearTimeout(timer);
      console.error(`${suite.name}: could not start vitest: ${err.message}`);
      resolve(-1);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Where scripts/vitest-failure-reasons.mjs writes what the JSON report leaves out. */
const reasonsFileOf = (jsonFile) => jsonFile.replace(/\.json$/, '.reasons.json');

/** { files, unhandled } from the reasons reporter, empty when it wrote nothing. */
function readReasons(jsonFile) {
  try {
    return JSON.parse(readFileSync(reasonsFileOf(jsonFile), 'utf8'));
  } catch {
    return { files: {}, unhandled: [] };
  }
}

/** Counts from vitest's JSON report; a report that cannot be read is one failure. */
function countResults(jsonFile, exitCode) {
  let report;
  try {
    report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  } catch (err) {
    const why = err.code === 'ENOENT' ? 'no JSON report' : `unreadable JSON report (${err.message})`;
    return { passed: 0, failed: 1, skipped: 0, note: `${why}, vitest exit code ${exitCode}` };
  }
  if (typeof report?.numPassedTests !== 'number' || !Array.isArray(report.testResults)) {
    return { passed: 0, failed: 1, skipped: 0, note: 'JSON report without test counts' };
  }
  const passed = report.numPassedTests;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that failed before any test ran (import error, failing beforeAll) has no failed test of its own.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults?.some((a) => a.status === 'failed'),
  ).length;
  let failed = (report.numFailedTests ?? 0) + brokenFiles;
  let note = brokenFiles > 0 ? `${brokenFiles} file(s) failed outside tests` : '';
  if (failed === 0 && (exitCode !== 0 || report.success === false)) {
    failed = 1;
    note = `vitest exit code ${exitCode} (errors outside tests)`;
  }
  if (failed === 0 && passed === 0 && skipped === 0) {
    failed = 1;
    note = 'no tests ran';
  }
  const reasons = readReasons(jsonFile);
  const unhandled = (reasons.unhandled ?? []).map((m) => `unhandled: ${m}`.slice(0, 300));
  return { passed, failed, skipped, note, failures: [...failuresOf(report, reasons.files ?? {}), ...unhandled] };
}

/**
 * What failed, a line each (file, test, the message's first line): CI keeps only the tail of the
 * output, so the names must come after the suites' own long reports, beside the totals.
 */
function failuresOf(report, hookErrors) {
  const firstLine = (text) =>
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim() !== '') ?? '';
  const out = [];
  for (const file of report.testResults) {
    const where = path.relative(ROOT, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const test of failedTests) {
      out.push(`${where} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0]).slice(0, 300)}`);
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      // A describe block's failed hook leaves the file's own message empty.
      const why = file.message || (hookErrors[file.name] ?? []).join(' | ') || 'no message (see its output above)';
      out.push(`${where}: ${firstLine(why).slice(0, 300)}`);
    }
  }
  return out;
}

function pad(text, width, right = false) {
  const s = String(text);
  return right ? s.padStart(width) : s.padEnd(width);
}

function printTable(rows) {
  const header = ['suite', 'status', 'passed', 'failed', 'skipped', 'seconds', 'note'];
  const widths = [14, 8, 7, 7, 8, 8];
  const line = (cells) =>
    cells
      .map((c, i) => (i < widths.length ? pad(c, widths[i], i >= 2 && i <= 5) : c))
      .join('  ')
      .trimEnd();
  console.log('');
  console.log(line(header));
  console.log(line(header.map((h, i) => '-'.repeat(i < widths.length ? widths[i] : h.length))));
  for (const r of rows) {
    const seconds = (r.durationMs / 1000).toFixed(1);
    console.log(line([r.name, r.status, r.passed, r.failed, r.skipped, seconds, r.note ?? '']));
  }
  console.log('');
}

/** Runs one suite and answers its row of the table. */
async function runSuite(suite, options = {}) {
  const jsonFile = path.join(RESULTS, `${suite.name}.json`);
  rmSync(jsonFile, { force: true }); // never count a previous run's report
  rmSync(reasonsFileOf(jsonFile), { force: true });
  const started = Date.now();
  const exitCode = await runVitest(suite, jsonFile, options);
  const counts = countResults(jsonFile, exitCode);
  return {
    name: suite.name,
    status: counts.failed > 0 ? 'failed' : 'passed',
    ...counts,
    exitCode,
    durationMs: Date.now() - started,
  };
}

async function main() {
  const selected = selectSuites(process.argv.slice(2));
  mkdirSync(RESULTS, { recursive: true });
  const rows = [];
  for (const step of stepsOf(selected)) {
    const lead = step[step.length - 1];
    const companions = step.slice(0, -1);
    const beside = companions.length > 0 ? `, with ${companions.map((c) => c.name).join(', ')} beside it` : '';
    console.log(`\n=== ${lead.name} (${lead.cwd})${beside}`);
    const outputs = companions.map(() => []);
    const running = companions.map((c, i) => runSuite(c, { output: outputs[i] }));
    const leadRow = await runSuite(lead, { nice: companions.length > 0 && lead.lowPriority });
    const companionRows = await Promise.all(running);
    companions.forEach((c, i) => {
      console.log(`\n=== ${c.name} (${c.cwd}), ran beside ${lead.name}`);
      process.stdout.write(Buffer.concat(outputs[i]));
    });
    rows.push(...companionRows, leadRow);
  }

  const total = (key) => rows.reduce((n, r) => n + r[key], 0);
  const summary = { passed: total('passed'), failed: total('failed'), skipped: total('skipped'), suites: rows };
  writeFileSync(path.join(RESULTS, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  printTable(rows);
  const failures = rows.flatMap((r) => (r.failures ?? []).map((f) => `  ${r.name}: ${f}`));
  if (failures.length > 0) console.log(`failed:\n${failures.join('\n')}\n`);
  console.log(`${summary.passed} passed, ${summary.failed} failed`);
  process.exitCode = summary.failed > 0 ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
});

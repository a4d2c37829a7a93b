/**
 * The load generator: autocannon, 10 connections, a warm-up then a measured run per target, in
 * this process (the server is another process). Exports: 2 connections and a number of files
 * instead of a duration (as many as --duration allows at the pace of the first, at most 200). A target is first asked once, to check
 * that it answers 2xx with what it should (an export: the file, with its rows); after its run the
 * server is given time to finish whatever the load left queued (a pool's worth of queries), so the
 * next target starts on an idle server.
 *
 * Writes: each request takes a record of its own from a pool the server prepared (pools.ts), set
 * into the request by autocannon's setupRequest. The warm-up takes at most a fifth of the pool and
 * gives the rate; when the rest would not last the measured run (with a margin), the run is a fixed number of
 * requests (autocannon's amount) instead of a duration. Every answer other than 2xx is an error,
 * for writes as for reads.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import type { PoolName } from './pools.js';
import type { Target } from './targets.js';

export const CONNECTIONS = 10;
const TIMEOUT_SECONDS = 10;
/** Pool rows asked for per second of warm-up and run: above any write rate seen on this machine. */
const POOL_RATE = 1500;
/** The share of a pool the warm-up may take. */
const WARMUP_SHARE = 0.2;
/** How often autocannon samples (and so how soon a stop() takes effect), ms. */
const SAMPLE_MS = 100;

export type LoadOptions = { duration: number; warmup: number };

export type TargetResult = {
  id: string;
  label: string;
  kind: Target['kind'];
  method: string;
  path: string;
  body?: unknown;
  connections: number;
  requests: number;
  /** Seconds measured (shorter than --duration when a write's pool ran short). */
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Responses other than 2xx, by status. */
  statuses: Record<string, number>;
  /** Responses other than 2xx, socket errors and timeouts. */
  errors: number;
  timeouts: number;
  /** The check before the load: what went wrong (the target is then failed), or a note. */
  problem?: string;
  note?: string;
  /** Writes: records the pool held, and how many the warm-up and run used. */
  pool?: { name: PoolName; size: number; used: number };
  /** Seconds the server needed after the run until it answered /health quickly again. */
  settleSeconds: number;
  /** The server process's CPU time per answered request during the measured run (µs; null off Linux). */
  cpuMicros: number | null;
  /** The machine's 1-minute load average at the end of the measured run. */
  load1: number;
  /** An export: the rows of one file (counted in the CSV; an XLSX's from the seed's facts). */
  rows?: number;
  /** An export: rows of one file ÷ its median time (one file's pace, as a user waits for it). */
  rowsPerSecond?: number;
};

export type Session = { token: string; userId: number };
export type Sessions = { admin: Session; member?: Session };

export async function login(appUrl: string, phone: string, password: string): Promise<Session> {
  const res = await fetch(`${appUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`login as ${phone} failed: ${res.status} ${text.slice(0, 300)}`);
  const data = (JSON.parse(text) as { data: { access_token: string; user: { id: number } } }).data;
  return { token: data.access_token, userId: data.user.id };
}

type Request = { url: string; method: Target['method']; headers: Record<string, string>; body?: string };

function requestOf(target: Target, baseUrl: string, session: Session | undefined, body = target.body): Request {
  const headers: Record<string, string> = { ...target.headers };
  if (target.auth && session) headers.authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return {
    url: `${baseUrl}${target.path}`,
    method: target.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

const is2xx = (status: number) => status >= 200 && status < 300;

/** CSV records (a quoted field may hold a line break), without the header. */
function csvRecords(text: string): number {
  let records = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 10 && !quoted) records += 1;
  }
  if (text.length > 0 && !text.endsWith('\n')) records += 1;
  return records - 1;
}

/** An export's answer: the file it should be (type, attachment name, BOM and rows for CSV, a zip for XLSX). */
async function checkFile(
  res: Response,
  file: NonNullable<Target['file']>,
): Promise<{ problem?: string; note?: string; rows?: number }> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  const disposition = res.headers.get('content-disposition') ?? '';
  const wantType = file.format === 'csv' ? 'text/csv' : 'spreadsheetml';
  if (!type.includes(wantType)) return { problem: `content-type ${type}, not ${wantType}` };
  if (!disposition.includes(`filename="${file.name}"`)) return { problem: `content-disposition "${disposition}"` };
  const size = `${(bytes.length / 1024).toFixed(0)} KB`;
  if (file.format === 'xlsx') {
    if (bytes.subarray(0, 4).toString('binary') !== 'PK\x03\x04') return { problem: 'not a zip (XLSX) file' };
    return { note: `an XLSX file of ${size}`, rows: file.rows };
  }
  const text = bytes.toString('utf8');
  if (!text.startsWith('\uFEFF')) return { problem: 'the CSV has no BOM' };
  const rows = csvRecords(text.slice(1));
  if (file.rows !== undefined && rows !== file.rows)
    return { problem: `${rows} rows in the CSV, ${file.rows} expected` };
  return { note: `a CSV of ${rows.toLocaleString('en-US')} rows, ${size}`, rows };
}

async function probe(request: Request, target: Target): Promise<{ problem?: string; note?: string; rows?: number }> {
  try {
    const res = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(Math.max(60, target.timeoutSeconds ?? 0) * 1000),
    });
    if (target.file && res.status === 200) return await checkFile(res, target.file);
    const text = await res.text();
    if (!is2xx(res.status)) return { problem: `answered ${res.status}: ${text.slice(0, 200)}` };
    if (target.server === 'bare') return {};
    return target.check?.(JSON.parse(text)) ?? {};
  } catch (error) {
    return { problem: `no answer: ${(error as Error).message}` };
  }
}

/** A write's records, taken in turn; a repeatable action cycles through them. */
class Pool {
  private next = 0;
  /** Records the current phase may still take (warm-up: its share). */
  private phaseEnd: number;
  filler = 0;
  constructor(
    readonly name: PoolName,
    private readonly ids: number[],
    private readonly repeatable: boolean,
  ) {
    this.phaseEnd = ids.length;
  }
  get size() {
    return this.ids.length;
  }
  get used() {
    return this.next;
  }
  /** Records left for a phase that may take `share` of what is left (repeatable: unbounded). */
  phase(share = 1): number {
    if (this.repeatable) {
      this.phaseEnd = Number.POSITIVE_INFINITY;
      return Number.POSITIVE_INFINITY;
    }
    const left = this.ids.length - this.next;
    this.phaseEnd = this.next + Math.floor(left * share);
    return this.phaseEnd - this.next;
  }
  take(): number | undefined {
    if (this.next >= this.phaseEnd || this.ids.length === 0) return undefined;
    const id = this.ids[this.next % this.ids.length];
    this.next += 1;
    return id;
  }
}

type Run = { result: autocannon.Result; exhausted: boolean };

/**
 * One autocannon run. For a write, every request takes its record from the pool; `amount` (when
 * given) replaces the duration. Should a pool still run dry, the run is stopped and the few
 * requests sent meanwhile go to /health (counted apart, see `filler`).
 */
function cannon(request: Request, target: Target, seconds: number, pool?: Pool, amount?: number): Promise<Run> {
  const connections = Math.min(target.connections ?? CONNECTIONS, amount ?? Number.POSITIVE_INFINITY);
  let exhausted = false;
  let instance: autocannon.Instance | undefined;
  const write = target.write;
  const origin = new URL(request.url).origin;
  const requests: autocannon.Request[] | undefined =
    pool && write
      ? [
          {
            setupRequest: (req) => {
              const id = pool.take();
              const headers: Record<string, string> = { ...request.headers };
              delete headers['content-type'];
              if (id === undefined) {
                exhausted = true;
                instance?.stop();
                pool.filler += 1;
                return { ...req, method: 'GET', path: '/api/v1/health', headers, body: undefined };
              }
              const made = write.request(id);
              if (made.body !== undefined) headers['content-type'] = 'application/json';
              return {
                ...req,
                path: made.path,
                headers,
                body: made.body === undefined ? undefined : JSON.stringify(made.body),
              };
            },
          },
        ]
      : undefined;
  return new Promise((resolve, reject) => {
    instance = autocannon(
      {
        url: pool ? origin : request.url,
        method: request.method,
        headers: request.headers,
        body: request.body,
        connections: Math.max(1, connections),
        duration: seconds,
        amount,
        timeout: target.timeoutSeconds ?? TIMEOUT_SECONDS,
        sampleInt: SAMPLE_MS,
        requests,
      },
      (error, result) => (error ? reject(error) : resolve({ result, exhausted })),
    );
    if (exhausted) instance.stop();
  });
}

/** Waits until /health answers within 50 ms (the server has drained what the load queued), at most 3 minutes. */
async function settle(appUrl: string): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < 180_000) {
    const t = performance.now();
    const ok = await fetch(`${appUrl}/api/v1/health`, { signal: AbortSignal.timeout(180_000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok && performance.now() - t < 50) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return (performance.now() - start) / 1000;
}

export type Preparer = (pool: PoolName, count: number) => Promise<number[]>;

export async function runTarget(
  target: Target,
  urls: { app: string; bare: string },
  serverPid: number,
  sessions: Sessions,
  options: LoadOptions,
  prepare: Preparer,
  /** Runs right before and after the measured run (after the warm-up): --profile's profiler. */
  measured: { before(): Promise<void>; after(): Promise<void> } = { before: async () => {}, after: async () => {} },
): Promise<TargetResult> {
  const session = target.as === 'member' ? sessions.member : sessions.admin;
  const base = {
    id: target.id,
    label: target.label,
    kind: target.kind,
    method: target.method,
    path: target.path,
    body: target.body,
    connections: target.connections ?? CONNECTIONS,
  };
  const failed = (problem: string, extra: Partial<TargetResult> = {}): TargetResult => ({
    ...base,
    problem,
    requests: 0,
    seconds: 0,
    rps: 0,
    p50: 0,
    p90: 0,
    p99: 0,
    max: 0,
    statuses: {},
    errors: 1,
    timeouts: 0,
    settleSeconds: 0,
    cpuMicros: null,
    load1: os.loadavg()[0] ?? 0,
    ...extra,
  });
  if (target.skip) return failed(target.skip);
  if (target.auth && !session) return failed(`no ${target.as ?? 'admin'} session`);
  const baseUrl = target.server === 'bare' ? urls.bare : urls.app;

  let pool: Pool | undefined;
  let request = requestOf(target, baseUrl, session);
  if (target.write) {
    const wanted = Math.ceil((options.warmup + options.duration) * POOL_RATE) + 2 * CONNECTIONS + 1;
    let ids: number[];
    try {
      ids = await prepare(target.write.pool, wanted);
    } catch (error) {
      return failed(`its pool ${target.write.pool} could not be prepared: ${(error as Error).message}`);
    }
    pool = new Pool(target.write.pool, ids, target.write.repeatable === true);
    const first = pool.take();
    if (first === undefined) return failed(`its pool ${target.write.pool} is empty: no record to act on`);
    const made = target.write.request(first);
    request = { ...requestOf(target, baseUrl, session, made.body), url: `${baseUrl}${made.path}` };
  }
  const probeStarted = performance.now();
  const checked = await probe(request, target);
  const probeSeconds = (performance.now() - probeStarted) / 1000;
  const poolFacts = () => (pool ? { pool: { name: pool.name, size: pool.size, used: pool.used } } : {});
  if (checked.problem) return failed(checked.problem, poolFacts());

  let amount: number | undefined;
  const notes: string[] = checked.note ? [checked.note] : [];
  if (target.file) {
    // An export: as many files as --duration allows at the probe's pace (each connection at least
    // one, at most 200 in all), no warm-up beyond the probe; a file may take longer than the run.
    const connections = target.connections ?? CONNECTIONS;
    const perConnection = Math.max(1, Math.round(options.duration / Math.max(probeSeconds, 0.001)));
    amount = Math.min(200, perConnection * connections);
    notes.push(`${amount} files, the first in ${(probeSeconds * 1000).toFixed(0)} ms`);
    if (checked.rows !== undefined) {
      notes.push(`${Math.round(checked.rows / probeSeconds).toLocaleString('en-US')} rows/s in the first file`);
    }
  } else if (options.warmup > 0) {
    // A write's warm-up stops early when it has taken its share of the pool.
    pool?.phase(WARMUP_SHARE);
    const fillerBefore = pool?.filler ?? 0;
    const warm = await cannon(request, target, options.warmup, pool);
    if (target.server === 'app') await settle(urls.app);
    if (pool) {
      const left = pool.phase();
      const sent = warm.result.requests.total - (pool.filler - fillerBefore);
      const rate = sent / (warm.result.duration || options.warmup);
      // Not enough records left for the whole run at the warm-up's rate (with a margin), or the
      // warm-up used up its share before its time (its rate then says nothing): a fixed amount.
      if (Number.isFinite(left) && (warm.exhausted || left < rate * options.duration * 1.5)) {
        amount = capped(left, target);
      }
    }
  } else pool?.phase();
  if (amount !== undefined && amount < (target.connections ?? CONNECTIONS)) {
    return failed(`its pool ${pool?.name} ran out in the warm-up (${pool?.size} records)`, poolFacts());
  }
  const fillerBefore = pool?.filler ?? 0;
  await measured.before();
  const cpuBefore = cpuSeconds(serverPid);
  const { result: r, exhausted } = await cannon(request, target, options.duration, pool, amount);
  const cpuAfter = cpuSeconds(serverPid);
  await measured.after();
  const load1 = os.loadavg()[0] ?? 0;
  const statuses: Record<string, number> = {};
  let wrong = 0;
  for (const [status, stats] of Object.entries(r.statusCodeStats ?? {})) {
    const count = stats?.count ?? 0;
    if (!is2xx(Number(status)) && count > 0) {
      statuses[status] = count;
      wrong += count;
    }
  }
  const filler = (pool?.filler ?? 0) - fillerBefore;
  const requests = r.requests.total - filler;
  const seconds = r.duration || options.duration;
  if (amount !== undefined && pool) {
    notes.push(`a run of ${amount.toLocaleString('en-US')} requests (${seconds.toFixed(1)} s): the pool held no more`);
  }
  if (checked.rows !== undefined && cpuBefore !== null && cpuAfter !== null && r.requests.total > 0) {
    // The API's own CPU per file: unlike rows/s (wall time) it holds on a loaded machine.
    const cpuPerFile = (cpuAfter - cpuBefore) / r.requests.total;
    notes.push(`${Math.round(checked.rows / cpuPerFile).toLocaleString('en-US')} rows per CPU second of the API`);
  }
  if (exhausted) notes.push(`pool ran dry after ${seconds.toFixed(1)} s (${filler} requests to /health not counted)`);
  const settleSeconds = target.server === 'app' ? await settle(urls.app) : 0;
  return {
    ...base,
    ...checked,
    ...poolFacts(),
    note: notes.join('; ') || undefined,
    requests,
    seconds,
    rps: requests / seconds,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    statuses,
    errors: wrong + r.errors,
    timeouts: r.timeouts,
    settleSeconds,
    cpuMicros:
      cpuBefore !== null && cpuAfter !== null && r.requests.total > 0
        ? ((cpuAfter - cpuBefore) * 1e6) / r.requests.total
        : null,
    load1,
    ...(checked.rows !== undefined && r.latency.p50 > 0
      ? { rows: checked.rows, rowsPerSecond: checked.rows / (r.latency.p50 / 1000) }
      : {}),
  };
}

/**
 * The CPU time (user + system) a process has used, in seconds, from /proc (Linux; null elsewhere or
 * when it is gone). Clock ticks of 10 ms: over a run of thousands of requests, fine enough.
 */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at ") "; utime and stime are the 12th and 13th of them.
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / CLOCK_TICKS : null;
  } catch {
    return null;
  }
}

/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;

/** A whole number of requests per connection (autocannon divides `amount` among them), or none. */
function capped(records: number | undefined, target: Target): number | undefined {
  if (records === undefined || !Number.isFinite(records)) return undefined;
  const connections = target.connections ?? CONNECTIONS;
  return Math.max(0, Math.floor(records / connections) * connections);
}

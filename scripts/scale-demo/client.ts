/**
 * The demo's HTTP client and what it records: every call is one step of a journey, timed, and
 * judged as the journey expects it (ok), cut off by the kill of the instance that held it
 * (interrupted: the proxy's 502, never acknowledged), or an error (anything else).
 */

export type Outcome = 'ok' | 'interrupted' | 'error';

export type StepStats = { count: number; ok: number; interrupted: number; errors: number; latencies: number[] };

export type Answer = { status: number; body: unknown; bytes: Buffer; ms: number; outcome: Outcome };

export class Recorder {
  readonly steps = new Map<string, StepStats>();
  readonly samples: string[] = [];
  total = 0;

  add(step: string, ms: number, outcome: Outcome, detail: string) {
    let stats = this.steps.get(step);
    if (!stats) {
      stats = { count: 0, ok: 0, interrupted: 0, errors: 0, latencies: [] };
      this.steps.set(step, stats);
    }
    stats.count += 1;
    this.total += 1;
    stats.latencies.push(ms);
    if (outcome === 'ok') stats.ok += 1;
    else if (outcome === 'interrupted') stats.interrupted += 1;
    else {
      stats.errors += 1;
      if (this.samples.length < 20) this.samples.push(`${step}: ${detail}`);
    }
  }

  errors(): number {
    let n = 0;
    for (const s of this.steps.values()) n += s.errors;
    return n;
  }

  interrupted(): number {
    let n = 0;
    for (const s of this.steps.values()) n += s.interrupted;
    return n;
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export type CallOptions = {
  token?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  /** Statuses this step expects (default 200). */
  expect?: number[];
};

export function createClient(baseUrl: string, recorder: Recorder) {
  return async function call(step: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'accept-language': 'ar', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: Buffer | string | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    }
    const started = performance.now();
    let status = 0;
    let bytes = Buffer.alloc(0);
    let detail = '';
    try {
      const res = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers,
        ...(payload !== undefined ? { body: payload } : {}),
      });
      status = res.status;
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (error) {
      detail = `fetch failed: ${(error as Error).cause ?? (error as Error).message}`;
    }
    const ms = performance.now() - started;
    let body: unknown = null;
    if (bytes.length > 0 && bytes[0] === 0x7b) {
      try {
        body = JSON.parse(bytes.toString('utf8'));
      } catch {
        body = null;
      }
    }
    const code = (body as { code?: string } | null)?.code;
    const outcome: Outcome = (options.expect ?? [200]).includes(status)
      ? 'ok'
      : status === 502 && code === 'bad_gateway'
        ? 'interrupted'
        : 'error';
    if (outcome === 'error' && !detail)
      detail = `${method} ${path} → ${status} ${bytes.toString('utf8').slice(0, 200)}`;
    recorder.add(step, ms, outcome, detail);
    return { status, body, bytes, ms, outcome };
  };
}

export type Call = ReturnType<typeof createClient>;

/** `data` of the portal's envelope. */
export function dataOf<T>(answer: Answer): T {
  return (answer.body as { data: T }).data;
}

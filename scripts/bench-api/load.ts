/**
 * The load generator: autocannon, 10 connections, a warm-up then a measured run per target, in
 * this process (the server is another process). A target is first asked once, to check that it
 * answers 200 with what it should; after its run the server is given time to finish whatever the
 * load left queued (PGlite has one connection), so the next target starts on an idle server.
 */
import autocannon from 'autocannon';
import type { Target } from './targets.js';

export const CONNECTIONS = 10;

export type LoadOptions = { duration: number; warmup: number };

export type TargetResult = {
  id: string;
  label: string;
  method: string;
  path: string;
  body?: unknown;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Responses other than 200, by status. */
  statuses: Record<string, number>;
  /** Responses other than 200, socket errors and timeouts. */
  errors: number;
  timeouts: number;
  /** The check before the load: what went wrong (the target is then failed), or a note. */
  problem?: string;
  note?: string;
  /** Seconds the server needed after the run until it answered /health quickly again. */
  settleSeconds: number;
};

export type Session = { token: string; adminId: number };

export async function login(appUrl: string, phone: string, password: string): Promise<Session> {
  const res = await fetch(`${appUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`login as ${phone} failed: ${res.status} ${text.slice(0, 300)}`);
  const data = (JSON.parse(text) as { data: { access_token: string; user: { id: number } } }).data;
  return { token: data.access_token, adminId: data.user.id };
}

type Request = { url: string; method: Target['method']; headers: Record<string, string>; body?: string };

function requestOf(target: Target, baseUrl: string, token: string): Request {
  const headers: Record<string, string> = {};
  if (target.auth) headers.authorization = `Bearer ${token}`;
  if (target.body !== undefined) headers['content-type'] = 'application/json';
  return {
    url: `${baseUrl}${target.path}`,
    method: target.method,
    headers,
    body: target.body === undefined ? undefined : JSON.stringify(target.body),
  };
}

async function probe(request: Request, target: Target): Promise<{ problem?: string; note?: string }> {
  try {
    const res = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    if (res.status !== 200) return { problem: `answered ${res.status}: ${text.slice(0, 200)}` };
    return target.check?.(JSON.parse(text)) ?? {};
  } catch (error) {
    return { problem: `no answer: ${(error as Error).message}` };
  }
}

function cannon(request: Request, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
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

export async function runTarget(
  target: Target,
  urls: { app: string; bare: string },
  session: Session,
  options: LoadOptions,
): Promise<TargetResult> {
  const request = requestOf(target, target.server === 'bare' ? urls.bare : urls.app, session.token);
  const base = { id: target.id, label: target.label, method: target.method, path: target.path, body: target.body };
  const checked = await probe(request, target);
  if (checked.problem) {
    return {
      ...base,
      ...checked,
      requests: 0,
      rps: 0,
      p50: 0,
      p90: 0,
      p99: 0,
      max: 0,
      statuses: {},
      errors: 1,
      timeouts: 0,
      settleSeconds: 0,
    };
  }
  if (options.warmup > 0) {
    await cannon(request, options.warmup);
    if (target.server === 'app') await settle(urls.app);
  }
  const r = await cannon(request, options.duration);
  const statuses: Record<string, number> = {};
  let wrong = 0;
  for (const [status, stats] of Object.entries(r.statusCodeStats ?? {})) {
    const count = stats?.count ?? 0;
    if (status !== '200' && count > 0) {
      statuses[status] = count;
      wrong += count;
    }
  }
  const settleSeconds = target.server === 'app' ? await settle(urls.app) : 0;
  return {
    ...base,
    ...checked,
    requests: r.requests.total,
    rps: r.requests.total / (r.duration || options.duration),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    statuses,
    errors: wrong + r.errors,
    timeouts: r.timeouts,
    settleSeconds,
  };
}

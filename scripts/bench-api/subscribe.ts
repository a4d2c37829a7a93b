/**
 * DESIGN §5: subscribing (the subscription and its 1,200 installments, one statement) < 100 ms on
 * PostgreSQL. Measured one call at a time (its latency, not a throughput): a fresh association,
 * then SUBSCRIBES members onto its days in turn; p50, p99 and the slowest.
 */
const SUBSCRIBES = 40;

export type SubscribeResult = {
  count: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** The answers other than 201, by status: a refused call is not a subscribe and is not timed. */
  errorStatuses: Record<number, number>;
};

async function call(appUrl: string, token: string, method: string, path: string, body: unknown) {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: unknown } };
}

export async function measureSubscribe(appUrl: string, token: string): Promise<SubscribeResult> {
  const association = await call(appUrl, token, 'PUT', '/api/v1/associations', {
    title: 'جمعية قياس الاشتراك',
    cost: 100,
    association_type: 'normal',
    from_date: '2026-01-01',
  });
  const associationId = (association.body.data as { id: number }).id;
  const members = await call(appUrl, token, 'POST', '/api/v1/users', {
    type: 'user',
    filters: { active: true },
    perPage: 50,
  });
  const ids = ((members.body.data as { data: { id: number }[] }).data ?? []).map((u) => u.id);
  const times: number[] = [];
  let errors = 0;
  const errorStatuses: Record<number, number> = {};
  for (let i = 0; i < SUBSCRIBES; i += 1) {
    const started = performance.now();
    const res = await call(appUrl, token, 'PUT', '/api/v1/subscriptions', {
      user_id: ids[i % ids.length],
      association_id: associationId,
      day_number: i + 1,
    });
    const took = performance.now() - started;
    if (res.status === 201) times.push(took);
    else {
      errors += 1;
      errorStatuses[res.status] = (errorStatuses[res.status] ?? 0) + 1;
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
  return {
    count: times.length,
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(times.at(-1) ?? 0),
    errors,
    errorStatuses,
  };
}

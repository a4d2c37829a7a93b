/**
 * The mixed load: the portal's real journeys, run by virtual users in a loop until told to stop.
 * - member: log in, open associations, join a free day (Idempotency-Key), my subscriptions, the bell;
 * - applicant: a service request with its identity copy (to the object store), submitted, read
 *   back, its document downloaded and compared byte for byte, the bell;
 * - staff: late installments of a subscription and their receipt, the review of a submitted
 *   request (the applicant is told by bell and mail), the dashboard, the users and requests lists,
 *   now and then a new customer (Idempotency-Key);
 * - listeners hold the live notification stream and reconnect when it is cut.
 * Every acknowledged write is kept in the ledger, every write cut off by the kill in `unsure`:
 * verify.ts checks both against the database afterwards.
 */
import { randomUUID } from 'node:crypto';
import { type Call, dataOf } from './client.js';

export type Ledger = {
  subscriptions: { id: number; associationId: number; day: number; userId: number }[];
  /** Installment ids whose receipt was acknowledged. */
  received: number[];
  /** Requests and the last status a call that changed them was acknowledged with. */
  requests: Map<number, number>;
  /** Request ids submitted and waiting for a reviewer. */
  toReview: number[];
  createdUsers: number[];
  /** Writes the kill cut off: never acknowledged, applied or not (verify.ts says which). */
  unsure: Unsure[];
  documentMismatches: number;
};

export type Unsure =
  | { kind: 'join'; token: string; key: string; associationId: number; day: number }
  | { kind: 'receive'; ids: number[] }
  | { kind: 'request-save' }
  | { kind: 'request-action'; id: number; to: number }
  | { kind: 'user-create'; key: string; phone: string; email: string };

export type Account = { phone: string; password: string };

export type DayAllocator = () => { associationId: number; day: number } | undefined;

export function newLedger(): Ledger {
  return {
    subscriptions: [],
    received: [],
    requests: new Map(),
    toReview: [],
    createdUsers: [],
    unsure: [],
    documentMismatches: 0,
  };
}

type Context = {
  call: Call;
  ledger: Ledger;
  running: () => boolean;
  nextDay: DayAllocator;
  pdf: Buffer;
  formFields: Record<string, string>;
};

async function login(ctx: Context, account: Account): Promise<string | null> {
  const res = await ctx.call('log in', 'POST', '/login', { json: account });
  return res.outcome === 'ok' ? dataOf<{ access_token: string }>(res).access_token : null;
}

export async function member(ctx: Context, account: Account, userId: number): Promise<void> {
  let token: string | null = null;
  for (let round = 0; ctx.running(); round += 1) {
    if (!token || round % 10 === 0) token = await login(ctx, account);
    if (!token) continue;
    await ctx.call('member: open associations', 'GET', '/me/associations/open?page=1&perPage=10', { token });
    const slot = ctx.nextDay();
    if (slot) {
      const key = `scale-${randomUUID()}`;
      const joined = await ctx.call('member: join a day', 'POST', '/me/subscriptions', {
        token,
        json: { association_id: slot.associationId, day_number: slot.day },
        headers: { 'idempotency-key': key },
        expect: [201],
      });
      if (joined.outcome === 'ok') {
        ctx.ledger.subscriptions.push({ id: dataOf<{ id: number }>(joined).id, userId, ...slot });
      } else if (joined.outcome === 'interrupted') {
        ctx.ledger.unsure.push({ kind: 'join', token, key, ...slot });
      }
    }
    await ctx.call('member: my subscriptions', 'GET', '/me/subscriptions', { token });
    await ctx.call('bell', 'POST', '/user/notifications', { token, json: {} });
  }
}

function multipart(fields: Record<string, string>, pdf: Buffer): { body: Buffer; type: string } {
  const boundary = `----scale${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="identity_copy"; filename="identity.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

type RequestDetail = {
  request_status_type: { id: number };
  files: { main_files: { document: { url: string } | null }[] };
};

export async function applicant(ctx: Context, account: Account): Promise<void> {
  let token: string | null = null;
  for (let round = 0; ctx.running(); round += 1) {
    if (!token || round % 10 === 0) token = await login(ctx, account);
    if (!token) continue;
    const form = multipart(ctx.formFields, ctx.pdf);
    const saved = await ctx.call('applicant: save with a document', 'POST', '/customers_requests/save', {
      token,
      body: form.body,
      headers: { 'content-type': form.type },
    });
    if (saved.outcome === 'interrupted') ctx.ledger.unsure.push({ kind: 'request-save' });
    if (saved.outcome !== 'ok') continue;
    const id = dataOf<{ id: number }>(saved).id;
    ctx.ledger.requests.set(id, 1);
    const submitted = await ctx.call('applicant: submit', 'POST', `/customers_requests/action/${id}`, {
      token,
      json: { type: 'next', expected_status: 1 },
    });
    if (submitted.outcome === 'ok') {
      ctx.ledger.requests.set(id, dataOf<RequestDetail>(submitted).request_status_type.id);
      ctx.ledger.toReview.push(id);
    } else if (submitted.outcome === 'interrupted') {
      ctx.ledger.unsure.push({ kind: 'request-action', id, to: 2 });
    }
    const detail = await ctx.call('applicant: read the request', 'GET', `/customers_requests/${id}`, { token });
    const url = detail.outcome === 'ok' ? dataOf<RequestDetail>(detail).files.main_files[0]?.document?.url : undefined;
    if (url) {
      const file = await ctx.call('applicant: download the document', 'GET', url, { token });
      if (file.outcome === 'ok' && !file.bytes.equals(ctx.pdf)) ctx.ledger.documentMismatches += 1;
    }
    await ctx.call('bell', 'POST', '/user/notifications', { token, json: {} });
  }
}

export async function staff(ctx: Context, account: Account, slot: number, slots: number): Promise<void> {
  let token: string | null = null;
  let cursor = slot;
  for (let round = 0; ctx.running(); round += 1) {
    if (!token || round % 20 === 0) token = await login(ctx, account);
    if (!token) continue;
    // This desk's own subscriptions (every slots-th), so two desks never receive the same installment.
    const mine = ctx.ledger.subscriptions.filter((_, i) => i % slots === slot);
    const subscription = mine.length > 0 ? mine[cursor % mine.length] : undefined;
    cursor += 1;
    if (subscription) {
      const late = await ctx.call('staff: late installments', 'POST', '/subscriptions/payments', {
        token,
        json: { subscription_id: subscription.id, status: 'late', perPage: 5 },
      });
      const ids =
        late.outcome === 'ok'
          ? dataOf<{ data: { id: number }[] }>(late)
              .data.map((p) => p.id)
              .slice(0, 2)
          : [];
      if (ids.length > 0) {
        const receipt = await ctx.call('staff: receive payments', 'POST', '/subscriptions/payments/receive', {
          token,
          json: { ids, reference: `SCALE-${slot}-${round}` },
        });
        if (receipt.outcome === 'ok') ctx.ledger.received.push(...ids);
        else if (receipt.outcome === 'interrupted') ctx.ledger.unsure.push({ kind: 'receive', ids });
      }
    }
    const id = ctx.ledger.toReview.shift();
    if (id !== undefined) {
      const reviewed = await ctx.call('staff: review a request', 'POST', `/customers_requests/action/${id}`, {
        token,
        json: { type: 'next', expected_status: 2 },
      });
      if (reviewed.outcome === 'ok')
        ctx.ledger.requests.set(id, dataOf<RequestDetail>(reviewed).request_status_type.id);
      else if (reviewed.outcome === 'interrupted') ctx.ledger.unsure.push({ kind: 'request-action', id, to: 3 });
    }
    await ctx.call('staff: dashboard', 'GET', '/dashbored/count', { token });
    await ctx.call('staff: users list', 'POST', '/users', { token, json: { perPage: 10 } });
    await ctx.call('staff: requests list', 'POST', '/customers_requests', { token, json: { perPage: 10 } });
    if (round % 5 === 4) {
      const key = `scale-${randomUUID()}`;
      const phone = `0128${String(slot).padStart(2, '0')}${String(round).padStart(5, '0')}`;
      const email = `scale.${slot}.${round}@example.com`;
      const created = await ctx.call('staff: new customer', 'PUT', '/users', {
        token,
        json: {
          name: 'عميل تجربة الحمل',
          email,
          phone,
          password: 'Gamaiya@2024',
        },
        headers: { 'idempotency-key': key },
        expect: [201],
      });
      if (created.outcome === 'ok') ctx.ledger.createdUsers.push(dataOf<{ id: number }>(created).id);
      else if (created.outcome === 'interrupted') ctx.ledger.unsure.push({ kind: 'user-create', key, phone, email });
    }
  }
}

export type StreamStats = { connections: number; events: number; cuts: number };

/** Holds GET /notifications/stream open through the proxy, as the bell does; reconnects when cut. */
export async function listener(baseUrl: string, account: Account, running: () => boolean, stats: StreamStats) {
  let token: string | null = null;
  while (running()) {
    try {
      if (!token) {
        const res = await fetch(`${baseUrl}/api/v1/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(account),
        });
        token = ((await res.json()) as { data?: { access_token: string } }).data?.access_token ?? null;
        if (!token) throw new Error('login failed');
      }
      const controller = new AbortController();
      const stop = setInterval(() => !running() && controller.abort(), 200);
      try {
        const res = await fetch(`${baseUrl}/api/v1/notifications/stream`, {
          headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
        stats.connections += 1;
        for await (const chunk of res.body) {
          stats.events += (
            Buffer.from(chunk)
              .toString('utf8')
              .match(/^data:/gm) ?? []
          ).length;
        }
      } finally {
        clearInterval(stop);
      }
    } catch {
      // Cut (the instance died) or refused: reconnect through the proxy, to whichever is up.
    }
    if (running()) {
      stats.cuts += 1;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

export type { Context as JourneyContext };

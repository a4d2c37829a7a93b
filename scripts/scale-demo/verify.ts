/**
 * After the load: every acknowledged write is in the database whole, every write the kill cut off
 * is either whole or absent, every job ran and no mail went twice, files are in the object store
 * byte for byte, and the dashboard's counters equal exact counts.
 */
import type pg from 'pg';
import { RETENTION_JOB } from '../../apps/api/src/lib/retention.js';
import { ASSOCIATIONS_DAILY_JOB } from '../../apps/api/src/modules/associations/association-lifecycle.js';
import { REMINDERS_JOB } from '../../apps/api/src/modules/reminders/reminders.job.js';
import type { SmtpSink } from '../../apps/api/test/helpers/smtp-sink.js';
import { type Call, dataOf } from './client.js';
import type { Ledger } from './journeys.js';

export type Check = { name: string; ok: boolean; detail: string };

type Row = Record<string, unknown>;

async function rows(db: pg.Client, text: string, values: unknown[] = []): Promise<Row[]> {
  return (await db.query(text, values)).rows as Row[];
}

const n = (v: unknown) => Number(v ?? 0);

/** The writes the kill cut off, retried (joins and new customers, with their key) or looked up. */
export async function settleUnsure(db: pg.Client, ledger: Ledger, call: Call, adminToken: string): Promise<Check> {
  const outcomes: Record<string, number> = {};
  const count = (what: string) => {
    outcomes[what] = (outcomes[what] ?? 0) + 1;
  };
  let broken = 0;
  for (const unsure of ledger.unsure) {
    if (unsure.kind === 'join') {
      // The same key again, as the member's app retries: the claim the dead instance left is taken over.
      const retry = await call('retry after the kill', 'POST', '/me/subscriptions', {
        token: unsure.token,
        json: { association_id: unsure.associationId, day_number: unsure.day },
        headers: { 'idempotency-key': unsure.key },
        expect: [201, 409],
      });
      const [row] = await rows(
        db,
        'select count(*) as n from subscriptions where association_id = $1 and day_number = $2',
        [unsure.associationId, unsure.day],
      );
      if (n(row?.n) !== 1) broken += 1;
      if (retry.status === 201) {
        const { id, user_id } = dataOf<{ id: number; user_id?: number }>(retry);
        ledger.subscriptions.push({ id, userId: user_id ?? 0, associationId: unsure.associationId, day: unsure.day });
        count('join retried: 201');
      } else count(`join retried: ${retry.status} (the first had committed; the day holds it)`);
    } else if (unsure.kind === 'user-create') {
      // The very request again: under its key, another body is a 422 (docs/decisions/0019), not a retry.
      const retry = await call('retry after the kill', 'PUT', '/users', {
        token: adminToken,
        json: {
          name: 'عميل تجربة الحمل',
          email: unsure.email,
          phone: unsure.phone,
          password: 'Gamaiya@2024',
        },
        headers: { 'idempotency-key': unsure.key },
        expect: [201, 409],
      });
      const [row] = await rows(db, 'select count(*) as n from users where phone = $1', [unsure.phone]);
      if (n(row?.n) !== 1) broken += 1;
      count(`new customer retried: ${retry.status}`);
    } else if (unsure.kind === 'receive') {
      const [row] = await rows(
        db,
        "select count(*) filter (where status = 'received') as done, count(*) as all from installments where id = any($1)",
        [unsure.ids],
      );
      const done = n(row?.done);
      // One transaction: all of the call's installments, or none.
      if (done !== 0 && done !== n(row?.all)) broken += 1;
      count(done === 0 ? 'receipt: not applied' : 'receipt: applied whole');
    } else if (unsure.kind === 'request-action') {
      const [row] = await rows(db, 'select status from customer_requests where id = $1', [unsure.id]);
      const status = n(row?.status);
      if (status !== unsure.to && status !== unsure.to - 1) broken += 1;
      count(status === unsure.to ? 'request step: applied' : 'request step: not applied');
      if (status === unsure.to) ledger.requests.set(unsure.id, status);
    } else {
      count('request save: unknown to the client (a draft, or nothing)');
    }
  }
  const detail = Object.entries(outcomes)
    .map(([k, v]) => `${k} ×${v}`)
    .join('; ');
  return {
    name: 'writes cut off by the kill: each applied whole or not at all',
    ok: broken === 0,
    detail: `${ledger.unsure.length} cut off${detail ? `: ${detail}` : ''}${broken ? `; ${broken} HALF-APPLIED` : ''}`,
  };
}

export async function checkWrites(db: pg.Client, ledger: Ledger): Promise<Check[]> {
  const checks: Check[] = [];
  const subIds = ledger.subscriptions.map((s) => s.id);
  const subs = await rows(
    db,
    `select s.id, s.association_id, s.day_number,
            (select count(*) from installments i where i.subscription_id = s.id) as installments,
            (select count(*) from association_days d where d.association_id = s.association_id) as days
       from subscriptions s where s.id = any($1)`,
    [subIds],
  );
  const whole = subs.filter((r) => n(r.installments) === n(r.days) && n(r.days) > 0).length;
  checks.push({
    name: 'acknowledged joins: each subscription present with all its installments',
    ok: subs.length === subIds.length && whole === subIds.length,
    detail: `${subIds.length} acknowledged, ${subs.length} found, ${whole} with every installment`,
  });

  const [received] = await rows(
    db,
    "select count(*) as n from installments where id = any($1) and status = 'received' and reference like 'SCALE-%'",
    [ledger.received],
  );
  checks.push({
    name: 'acknowledged receipts: each installment received',
    ok: n(received?.n) === ledger.received.length,
    detail: `${ledger.received.length} acknowledged, ${n(received?.n)} received in the database`,
  });

  const requestIds = [...ledger.requests.keys()];
  const found = await rows(
    db,
    `select r.id, r.status, (select count(*) from customer_request_files f where f.request_id = r.id) as files
       from customer_requests r where r.id = any($1)`,
    [requestIds],
  );
  const matching = found.filter((r) => n(r.status) === ledger.requests.get(n(r.id)) && n(r.files) === 1).length;
  checks.push({
    name: 'acknowledged service requests: present, at the acknowledged step, with their document',
    ok: found.length === requestIds.length && matching === requestIds.length,
    detail: `${requestIds.length} acknowledged, ${found.length} found, ${matching} at their step with one document`,
  });

  const [users] = await rows(db, 'select count(*) as n from users where id = any($1)', [ledger.createdUsers]);
  checks.push({
    name: 'acknowledged new customers: present',
    ok: n(users?.n) === ledger.createdUsers.length,
    detail: `${ledger.createdUsers.length} acknowledged, ${n(users?.n)} found`,
  });
  checks.push({
    name: 'documents downloaded during the load equal what was uploaded',
    ok: ledger.documentMismatches === 0,
    detail: `${ledger.documentMismatches} different`,
  });
  return checks;
}

/** Every request's document read back through the proxy from the object store after the run. */
export async function checkDocuments(ledger: Ledger, call: Call, adminToken: string, pdf: Buffer): Promise<Check> {
  let same = 0;
  let checked = 0;
  for (const id of ledger.requests.keys()) {
    const detail = await call('after: read a request', 'GET', `/customers_requests/${id}`, { token: adminToken });
    const url =
      detail.outcome === 'ok'
        ? dataOf<{ files: { main_files: { document: { url: string } | null }[] } }>(detail).files.main_files[0]
            ?.document?.url
        : undefined;
    checked += 1;
    if (!url) continue;
    const file = await call('after: download a document', 'GET', url, { token: adminToken });
    if (file.outcome === 'ok' && file.bytes.equals(pdf)) same += 1;
  }
  return {
    name: 'every request document in the object store, byte for byte',
    ok: same === checked,
    detail: `${checked} requests, ${same} documents identical`,
  };
}

/** Jobs that queue their own next run: always one pending, never "left over". */
const RECURRING = `(${[RETENTION_JOB, ASSOCIATIONS_DAILY_JOB, REMINDERS_JOB].map((kind) => `'${kind}'`).join(', ')})`;

/** Waits for the queue to empty (a dead instance's jobs come back after their lease), then counts. */
export async function checkJobs(db: pg.Client, sink: SmtpSink, timeoutMs: number): Promise<Check[]> {
  const deadline = Date.now() + timeoutMs;
  let pending = Number.POSITIVE_INFINITY;
  while (Date.now() < deadline) {
    const [row] = await rows(
      db,
      `select count(*) as n from jobs where status = 'pending' and kind not in ${RECURRING}`,
    );
    pending = n(row?.n);
    if (pending === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const byStatus = await rows(db, `select status, count(*) as n from jobs where kind not in ${RECURRING} group by 1`);
  const status = Object.fromEntries(byStatus.map((r) => [String(r.status), n(r.n)]));
  const mailJobs = await rows(db, "select id, attempts from jobs where kind = 'mail' and status = 'done'");
  const sent = new Map<string, Set<string>>();
  const copies = new Map<string, number>();
  for (const mail of sink.messages) {
    const id = mail.headers.get('x-portal-mail-id') ?? '?';
    copies.set(id, (copies.get(id) ?? 0) + 1);
    sent.set(id, (sent.get(id) ?? new Set()).add(mail.headers.get('message-id') ?? '?'));
  }
  const missing = mailJobs.filter((j) => !sent.has(String(j.id))).length;
  const attempts = new Map(mailJobs.map((j) => [String(j.id), n(j.attempts)]));
  const repeated = [...copies].filter(([, c]) => c > 1).map(([id]) => id);
  // A repeat is the at-least-once window (the instance died after the SMTP server took the message,
  // before the job was marked done): allowed only for a job run again after its lease, and with the
  // same Message-ID, so the mailbox keeps one copy. Anything else is a job run twice.
  const badRepeats = repeated.filter((id) => (attempts.get(id) ?? 0) < 2 || (sent.get(id)?.size ?? 0) !== 1);
  const reclaimed = mailJobs.filter((j) => n(j.attempts) > 1).length;
  return [
    {
      name: 'jobs: none left pending, none failed',
      ok: pending === 0 && (status.failed ?? 0) === 0,
      detail: `done ${status.done ?? 0}, pending ${pending}, failed ${status.failed ?? 0}`,
    },
    {
      name: 'mail: every finished mail job delivered; a job run twice only if its instance died mid-send, with one Message-ID',
      ok: missing === 0 && badRepeats.length === 0 && mailJobs.length > 0,
      detail: `${mailJobs.length} mail jobs done, ${sink.messages.length} messages received, ${missing} missing, ${reclaimed} run again after a lease ran out, ${repeated.length} sent again by that run with the same Message-ID, ${badRepeats.length} other repeats`,
    },
  ];
}

type DashboardCounts = {
  counts: {
    active_user: number;
    inactive_user: number;
    payments_received: number;
    payments_late: number;
    payments_future: number;
  }[];
  counts_associations: { cost: number; cost_count: number }[];
  /** The most subscribed associations, then (when there are more) one row summing the others. */
  counts_subscriptions: { title: string; users: number; others?: number }[];
};

export async function checkDashboard(db: pg.Client, call: Call, adminToken: string): Promise<Check> {
  const answer = await call('after: dashboard', 'GET', '/dashbored/count', { token: adminToken });
  const shown = dataOf<DashboardCounts>(answer);
  const [users] = await rows(
    db,
    `select count(*) filter (where user_counter_key(type, active, deleted_at) = 'users.user.active') as active,
            count(*) filter (where user_counter_key(type, active, deleted_at) = 'users.user.inactive') as inactive
       from users`,
  );
  const [installments] = await rows(
    db,
    `select count(*) filter (where status = 'received') as received,
            count(*) filter (where status = 'pending' and due_date < (now() at time zone 'Africa/Cairo')::date) as late,
            count(*) filter (where status = 'pending' and due_date >= (now() at time zone 'Africa/Cairo')::date) as future
       from installments`,
  );
  const perAssociation = await rows(
    db,
    'select a.title, count(s.id) as n from associations a join subscriptions s on s.association_id = a.id group by a.title',
  );
  const exact = new Map(perAssociation.map((r) => [String(r.title), n(r.n)]));
  const counts = shown.counts[0];
  const pairs: [string, number | undefined, number][] = [
    ['active customers', counts?.active_user, n(users?.active)],
    ['inactive customers', counts?.inactive_user, n(users?.inactive)],
    ['installments received', counts?.payments_received, n(installments?.received)],
    ['installments late', counts?.payments_late, n(installments?.late)],
    ['installments to come', counts?.payments_future, n(installments?.future)],
  ];
  const named = new Set<string>();
  for (const entry of shown.counts_subscriptions) {
    if (entry.others !== undefined) continue;
    named.add(entry.title);
    pairs.push([`subscriptions of ${entry.title}`, entry.users, exact.get(entry.title) ?? 0]);
  }
  const others = shown.counts_subscriptions.find((entry) => entry.others !== undefined);
  if (others) {
    const rest = [...exact].filter(([title]) => !named.has(title)).reduce((sum, [, count]) => sum + count, 0);
    pairs.push(['subscriptions of the other associations', others.users, rest]);
  }
  const wrong = pairs.filter(([, a, b]) => a !== b);
  return {
    name: 'dashboard counters equal exact counts',
    ok: answer.outcome === 'ok' && wrong.length === 0,
    detail:
      wrong.length === 0
        ? `${pairs.length} figures equal (e.g. ${pairs
            .slice(2, 4)
            .map(([k, a]) => `${k} ${a}`)
            .join(', ')})`
        : wrong.map(([k, a, b]) => `${k}: shown ${a}, exact ${b}`).join('; '),
  };
}

/**
 * Rows for the write targets: each request of a write acts on a record of its own (a payment not
 * yet received, a card request in review…), taken from a pool the server process prepares in SQL
 * just before the target runs (server-child.ts, on the parent's 'prepare' message). Pools are
 * read from the current state, or topped up with fresh rows where the data set may run out over
 * repeated --reuse runs, so every run finds records its writes can succeed on:
 *
 * - pending-installments: installments still pending (10 M rows: plenty for many runs).
 * - payouts-due: unpaid subscriptions whose turn day has come; payouts the bench recorded in an
 *   earlier run (reference BENCH-…) are made unpaid again first, then, if still short, payouts the
 *   seed marked paid (no reference).
 * - requests-next: service requests where `next` applies to the administrator (submitted,
 *   accepted, paid, ready), newest first.
 * - requests-any: any request not removed (moving one to a staff member can be repeated).
 * - card-requests-open: card requests in review, topped up with fresh ones (with their create
 *   history row, as the app writes them) for customers who have none open.
 * - turn-moves-approvable: fresh turn-move requests that approving can carry out: an active,
 *   unpaid subscription whose turn is still ahead with no request open (the due ones stay for
 *   payout-transfer), to a day of its association from today on that no subscription and
 *   no other open request holds (one day per request).
 * - contacts-new: contact messages not answered, topped up with fresh ones.
 * - tickets-open: open or answered tickets of customers (answering one again is allowed).
 * - admin-notifications: the administrator's own notifications (marking one seen again is allowed).
 */
import { int, type Query } from './sql.js';

export const POOLS = [
  'pending-installments',
  'payouts-due',
  'requests-next',
  'requests-any',
  'card-requests-open',
  'turn-moves-approvable',
  'contacts-new',
  'tickets-open',
  'admin-notifications',
] as const;
export type PoolName = (typeof POOLS)[number];

/** The reference the payout target writes, so a later run can make those payouts due again. */
export const BENCH_REFERENCE = 'BENCH-';

const TODAY = "(now() at time zone 'Africa/Cairo')::date";

const ids = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.id));

/** How many rows of a table are in a state already, so a top-up inserts only the rest. */
async function count(query: Query, sql: string): Promise<number> {
  const [row] = await query(sql);
  return Number(row?.n ?? 0);
}

/**
 * Reverses the payouts of the subscriptions `where` picks, as POST /payouts/{id}/reverse does
 * (docs/decisions/0029: the ledger is append-only): a reversal of each payout and of its
 * deduction receipt, the installments it settled pending again, the subscription unpaid.
 */
async function reversePayouts(query: Query, where: string): Promise<void> {
  await query(`with target as (
      select p.id, p.subscription_id, p.association_id from payouts p join subscriptions s on s.payout_id = p.id
      where ${where}),
    paid_back as (insert into reversals (payout_id, subscription_id, association_id, reason)
      select id, subscription_id, association_id, 'bench: due again' from target returning payout_id),
    deductions as (insert into reversals (receipt_id, subscription_id, association_id, reason)
      select r.id, r.subscription_id, r.association_id, 'bench: due again' from receipts r join target t on r.payout_id = t.id
      returning receipt_id),
    restored as (update installments i set status = 'pending', receipt_id = null, received_at = null,
        received_by = null, reference = null, note = null
      from deductions d where i.receipt_id = d.receipt_id returning 1)
    update subscriptions s set transfer_status = 'unpaid', payout_id = null, transfer_reference = null,
      transfer_date = null, transferred_by = null, updated_at = now()
    from target t where s.id = t.subscription_id`);
}

/** Payouts the bench recorded in an earlier run (reference BENCH-…) are due again. */
async function rearmPayouts(query: Query): Promise<void> {
  await reversePayouts(query, `s.transfer_status = 'paid' and s.transfer_reference like '${BENCH_REFERENCE}%'`);
}

export async function preparePool(query: Query, pool: PoolName, wanted: number, adminId: number): Promise<number[]> {
  const n = int(wanted, 'pool size');
  const admin = int(adminId, 'adminId');
  switch (pool) {
    case 'pending-installments':
      return ids(await query(`select id from installments where status = 'pending' order by id limit ${n}`));
    case 'payouts-due': {
      await rearmPayouts(query);
      const due = `from subscriptions s
          join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
          where s.status = 'active' and d.date <= ${TODAY}`;
      const unpaid = await count(query, `select count(*) as n ${due} and s.transfer_status = 'unpaid'`);
      if (unpaid < n) {
        // The seed's own payouts (marked paid, no reference) become due again as needed.
        await reversePayouts(
          query,
          `s.id in (select s.id ${due} and s.transfer_status = 'paid' and s.transfer_reference is null
                       order by s.id limit ${n - unpaid})`,
        );
      }
      return ids(await query(`select s.id ${due} and s.transfer_status = 'unpaid' order by s.id limit ${n}`));
    }
    case 'requests-next':
      return ids(
        await query(`select id from customer_requests where removed = 0 and status in (2, 4, 5, 6)
          order by id desc limit ${n}`),
      );
    case 'requests-any':
      return ids(await query(`select id from customer_requests where removed = 0 order by id desc limit ${n}`));
    case 'card-requests-open': {
      const open = await count(query, 'select count(*) as n from card_requests where status = 0');
      if (open < n) {
        await query(`with fresh as (
            insert into card_requests (user_id, name, national_id)
            select u.id, u.name, '2900101' || lpad((u.id % 10000000)::text, 7, '0') from users u
            where u.type = 'user' and u.deleted_at is null
              and not exists (select 1 from card_requests c where c.user_id = u.id and c.status = 0)
            order by u.id desc limit ${n - open}
            returning id, user_id)
          insert into workflow_history (machine, record_id, action, from_status, to_status, actor_id)
          select 'card_request', id, 'create', null, 0, user_id from fresh`);
      }
      return ids(await query(`select id from card_requests where status = 0 order by id limit ${n}`));
    }
    case 'turn-moves-approvable':
      await rearmPayouts(query);
      // Only subscriptions whose turn is still ahead: approving a move of one whose day has come is
      // refused (409, its payout is owed), and a reused data set runs out of the others.
      return ids(
        await query(`with candidates as (
            select s.id, s.association_id, s.user_id, s.day_number, d.date <= ${TODAY} as due,
                   row_number() over (partition by s.association_id order by s.id) as k
            from subscriptions s
            join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
            where s.status = 'active' and s.transfer_status = 'unpaid' and d.date > ${TODAY}
              and not exists (select 1 from turn_move_requests r where r.subscription_id = s.id and r.status = 0)
          ), free as (
            select d.association_id, d.day_number,
                   row_number() over (partition by d.association_id order by d.day_number desc) as k
            from association_days d
            where d.date >= ${TODAY}
              and not exists (select 1 from subscriptions s where s.association_id = d.association_id
                                and s.day_number = d.day_number and s.status = 'active')
              and not exists (select 1 from turn_move_requests r where r.association_id = d.association_id
                                and r.to_day = d.day_number and r.status = 0)
          ), fresh as (
            insert into turn_move_requests (subscription_id, association_id, user_id, from_day, to_day)
            select c.id, c.association_id, c.user_id, c.day_number, f.day_number
            from candidates c join free f on f.association_id = c.association_id and f.k = c.k
            order by c.due, c.id limit ${n}
            returning id, user_id
          ), history as (
            insert into workflow_history (machine, record_id, action, from_status, to_status, actor_id)
            select 'turn_move', id, 'create', null, 0, user_id from fresh
          )
          select id from fresh order by id`),
      );
    case 'contacts-new': {
      const open = await count(query, 'select count(*) as n from contact_messages where status = 0');
      if (open < n) {
        await query(`insert into contact_messages (name, email, subject, message, locale)
          select 'زائر ' || g, 'bench-guest' || g || '@example.com', 'استفسار عن الرسوم',
                 'السلام عليكم، ما هي رسوم الاشتراك؟', 'ar'
          from generate_series(1, ${n - open}) as g`);
      }
      return ids(await query(`select id from contact_messages where status = 0 order by id limit ${n}`));
    }
    case 'tickets-open':
      return ids(
        await query(`select id from tickets where status in (0, 1) and user_id <> ${admin}
          order by id desc limit ${n}`),
      );
    case 'admin-notifications':
      return ids(await query(`select id from notifications where user_id = ${admin} order by id desc limit ${n}`));
  }
}

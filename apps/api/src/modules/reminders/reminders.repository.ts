import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { ReminderKind } from '../../db/schema/reminders.js';
import type { Reader } from '../../db/transaction.js';

/**
 * The SQL of the daily reminders (docs/decisions/0031-reminders.md). Money stays in piastres and is
 * summed here; an installment is owed only while pending (received and cancelled ones are not).
 */

/** Whom a message goes to, and whether a mail may go too. */
export type Recipient = {
  user_id: number;
  name: string;
  email: string | null;
  /** The address is activated. */
  verified: boolean;
  locale: string;
  /** The user has not turned reminder e-mails off. */
  reminder_emails: boolean;
};

/** One installment of a member's digest: the association, the member's own turn day there, the amount. */
export type DigestItem = { association: string; day: number; amount_piastres: number };

/** A member's digest for one kind: every installment of theirs due (or become late) on that date. */
export type MemberDigest = Recipient & {
  kind: 'due' | 'late';
  installments: number;
  total_piastres: number;
  items: DigestItem[];
};

/** A mail may go with the bell: an activated address, and reminder e-mails not turned off. */
export function mayEmail(recipient: Recipient): boolean {
  return recipient.email !== null && recipient.verified && recipient.reminder_emails;
}

/**
 * Every member owed on `dueDay` (kind due) or on `lateDay` (kind late: still pending the day after
 * it was due), one row per member and kind with the installments listed and summed: ONE set-based
 * query a run, whatever the number of members (DESIGN §5: 10 M installments), reading only the
 * installments owed on those two dates through installments_pending_due_idx. Removed users are left out.
 */
export async function membersToRemind(db: Reader, dueDay: string, lateDay: string): Promise<MemberDigest[]> {
  const rows = rowsOf<
    Omit<MemberDigest, 'total_piastres' | 'items'> & { total_piastres: string | number; items: DigestItem[] }
  >(
    await db.execute(sql`select case when i.due_date = ${dueDay}::date then 'due' else 'late' end as kind,
        i.user_id, u.name, u.email, u.email_verified_at is not null as verified, u.locale, u.reminder_emails,
        count(*)::int as installments, sum(i.amount_piastres)::bigint as total_piastres,
        json_agg(json_build_object('association', a.title, 'day', s.day_number, 'amount_piastres', i.amount_piastres)
          order by a.title, s.day_number, i.id) as items
      from installments i
      join users u on u.id = i.user_id and u.deleted_at is null
      join subscriptions s on s.id = i.subscription_id
      join associations a on a.id = i.association_id
      where i.status = 'pending' and i.due_date in (${dueDay}::date, ${lateDay}::date)
      group by 1, i.user_id, u.id
      order by 1, i.user_id`),
  );
  return rows.map((r) => ({
    ...r,
    user_id: Number(r.user_id),
    installments: Number(r.installments),
    total_piastres: Number(r.total_piastres),
    items: r.items.map((item) => ({ ...item, day: Number(item.day), amount_piastres: Number(item.amount_piastres) })),
  }));
}

/** The new arrears of a day: installments due on `lateDay` still pending, their sum, the ten largest by member. */
export type ArrearsDigest = {
  installments: number;
  members: number;
  total_piastres: number;
  largest: { user_id: number; name: string; phone: string; installments: number; total_piastres: number }[];
};

export async function newArrears(db: Reader, lateDay: string, top = 10): Promise<ArrearsDigest> {
  const [row] = rowsOf<{
    installments: number;
    members: number;
    total_piastres: string | number;
    largest: { user_id: number; name: string; phone: string; installments: number; total_piastres: string | number }[];
  }>(
    await db.execute(sql`with late as (
        select i.user_id, count(*)::int as installments, sum(i.amount_piastres)::bigint as total_piastres
        from installments i
        where i.status = 'pending' and i.due_date = ${lateDay}::date
        group by i.user_id)
      select coalesce(sum(installments), 0)::int as installments, count(*)::int as members,
        coalesce(sum(total_piastres), 0)::bigint as total_piastres,
        (select coalesce(json_agg(t order by t.total_piastres desc, t.user_id), '[]'::json) from (
          select l.user_id, u.name, u.phone, l.installments, l.total_piastres
          from late l join users u on u.id = l.user_id
          order by l.total_piastres desc, l.user_id limit ${top}) t) as largest
      from late`),
  );
  return {
    installments: Number(row?.installments ?? 0),
    members: Number(row?.members ?? 0),
    total_piastres: Number(row?.total_piastres ?? 0),
    largest: (row?.largest ?? []).map((l) => ({
      ...l,
      user_id: Number(l.user_id),
      installments: Number(l.installments),
      total_piastres: Number(l.total_piastres),
    })),
  };
}

/** Live, active accounts holding payments.index, from a role or directly: who reads the arrears digest. */
export async function paymentsStaff(db: Reader): Promise<Recipient[]> {
  const rows = rowsOf<Recipient>(
    await db.execute(sql`with p as (select id from permissions where name = 'payments.index'),
      holders as (
        select ur.user_id from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
          join p on p.id = rp.permission_id
        union
        select up.user_id from user_permissions up join p on p.id = up.permission_id)
      select u.id as user_id, u.name, u.email, u.email_verified_at is not null as verified, u.locale, u.reminder_emails
      from holders h join users u on u.id = h.user_id
      where u.deleted_at is null and u.active
      order by u.id`),
  );
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id) }));
}

/** The kinds already finished for a Cairo day. */
export async function finishedKinds(db: Reader, day: string): Promise<Set<ReminderKind>> {
  const rows = rowsOf<{ kind: ReminderKind }>(
    await db.execute(sql`select kind from reminder_runs where day = ${day}::date`),
  );
  return new Set(rows.map((r) => r.kind));
}

/** Records a kind finished for a day, with everyone it has told that day (a run cut short included). */
export async function markFinished(db: Reader, kind: ReminderKind, day: string): Promise<void> {
  await db.execute(sql`insert into reminder_runs (kind, day, recipients)
    select ${kind}, ${day}::date, count(*)::int from reminders_sent where day = ${day}::date and kind = ${kind}
    on conflict (kind, day) do nothing`);
}

/**
 * Takes the right to tell these users about this kind today: one row each in reminders_sent, unless
 * one is there already (another run, a run before a crash). Returns the users taken, who alone are
 * told, in the same transaction. A second transaction inserting the same user waits for the first
 * and then takes nothing: exactly one run tells each user, whatever the number of instances.
 */
export async function claimRecipients(
  db: Reader,
  kind: ReminderKind,
  day: string,
  rows: { userId: number; installments: number; amountPiastres: number; emailed: boolean }[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  // In user order, so two runs claiming at once take their locks in one order (no deadlock).
  const values: SQL[] = [...rows]
    .sort((a, b) => a.userId - b.userId)
    .map((r) => sql`(${r.userId}::int, ${r.installments}::int, ${r.amountPiastres}::bigint, ${r.emailed}::boolean)`);
  const claimed = rowsOf<{ user_id: number }>(
    await db.execute(sql`insert into reminders_sent (user_id, kind, day, installments, amount_piastres, emailed)
      select v.user_id, ${kind}, ${day}::date, v.installments, v.amount, v.emailed
      from (values ${sql.join(values, sql`, `)}) as v(user_id, installments, amount, emailed)
      order by v.user_id
      on conflict (user_id, kind, day) do nothing
      returning user_id`),
  );
  return new Set(claimed.map((r) => Number(r.user_id)));
}

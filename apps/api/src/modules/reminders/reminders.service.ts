import { addDays } from '@portal/shared/clock';
import { translate } from '@portal/shared/messages';
import type { ReminderKind } from '../../db/schema/reminders.js';
import { inTransaction } from '../../db/transaction.js';
import type { AppContext, TxContext } from '../../lib/context.js';
import { enqueueMails, type QueuedMail } from '../../lib/mail.js';
import { appLink, formatDayFor, formatMoneyFor, userLocale } from '../../lib/recipients.js';
import { notifyUsers } from '../notifications/notifications.repository.js';
import { readSetting } from '../settings/settings.service.js';
import {
  type ArrearsDigest,
  claimRecipients,
  finishedKinds,
  type MemberDigest,
  markFinished,
  mayEmail,
  membersToRemind,
  newArrears,
  paymentsStaff,
  type Recipient,
} from './reminders.repository.js';

/**
 * The daily reminders (issue 20 §5, docs/decisions/0031-reminders.md), for one Cairo day:
 * - `due`: every member with installments due in reminder_days_before days gets ONE bell
 *   notification and ONE mail listing them all, however many subscriptions;
 * - `late`: every member whose installments were due yesterday and are still pending gets one notice;
 * - `arrears`: every staff member holding payments.index gets the digest of those new arrears
 *   (count, sum, the ten largest by member), when there are any.
 * Mail only to an activated address whose owner has not turned reminder e-mails off; the bell always.
 * Each kind finished for the day is recorded (reminder_runs) and skipped by any later run that day;
 * each person told is recorded (reminders_sent, unique per user, kind and day) in the transaction
 * that writes their notification and queues their mail, so a crash, a retry or a second instance
 * never tells anyone twice.
 */

/** Recipients per transaction: a few hundred rows per INSERT, a commit every few hundred people. */
export const REMINDERS_BATCH = 500;

const MY_ASSOCIATIONS = '/my/associations';
const LATE_PAYMENTS = '/payments?status=late';

export type ReminderCounts = Record<ReminderKind, number>;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += REMINDERS_BATCH) out.push(items.slice(i, i + REMINDERS_BATCH));
  return out;
}

/**
 * Tells one batch of recipients in one transaction: takes them (reminders_sent), then writes the
 * bell notifications and queues the mails of those taken, each in one INSERT. Returns how many were told.
 */
async function tellBatch<R extends Recipient>(
  ctx: AppContext,
  kind: ReminderKind,
  day: string,
  batch: R[],
  message: {
    amount: (r: R) => { installments: number; piastres: number };
    notify: (r: R) => {
      type: 'payment_due' | 'payment_late' | 'arrears_digest';
      params: Record<string, string | number>;
      link: string;
    };
    mail: (r: R, tx: TxContext) => QueuedMail;
  },
): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    const taken = await claimRecipients(
      tx.db,
      kind,
      day,
      batch.map((r) => ({
        userId: r.user_id,
        installments: message.amount(r).installments,
        amountPiastres: message.amount(r).piastres,
        emailed: mayEmail(r),
      })),
    );
    const told = batch.filter((r) => taken.has(r.user_id));
    await notifyUsers(
      tx,
      told.map((r) => {
        const { type, params, link } = message.notify(r);
        return {
          userId: r.user_id,
          notification: {
            type,
            titleKey: `notifications.types.${type}.title`,
            messageKey: `notifications.types.${type}.message`,
            params,
            link,
          },
        };
      }),
    );
    await enqueueMails(
      tx,
      told.filter(mayEmail).map((r) => message.mail(r, tx)),
    );
    return told.length;
  });
}

/** A member's digest (due or late): the bell with the date, count and sum; the mail lists every installment. */
async function tellMembers(ctx: AppContext, kind: 'due' | 'late', day: string, date: string, digests: MemberDigest[]) {
  const type = kind === 'due' ? 'payment_due' : 'payment_late';
  let told = 0;
  for (const batch of batches(digests)) {
    told += await tellBatch(ctx, kind, day, batch, {
      amount: (d) => ({ installments: d.installments, piastres: d.total_piastres }),
      notify: (d) => ({
        type,
        // Translated when read: the day and the sum (piastres) written in the reader's language then.
        params: { date, count: d.installments, total_piastres: d.total_piastres },
        link: MY_ASSOCIATIONS,
      }),
      mail: (d, tx) => {
        const locale = userLocale(d);
        return {
          userId: d.user_id,
          to: d.email as string,
          locale,
          kind: type,
          params: {
            name: d.name,
            link: appLink(tx.env, MY_ASSOCIATIONS),
            values: {
              date: formatDayFor(locale, date),
              count: d.installments,
              total: formatMoneyFor(locale, d.total_piastres),
            },
            lines: d.items.map((item) =>
              translate(locale, 'mail.installment_item', {
                association: item.association,
                day: item.day,
                amount: formatMoneyFor(locale, item.amount_piastres),
              }),
            ),
          },
        };
      },
    });
  }
  return told;
}

/** The ten largest, as one line of the bell in each language (the bell is translated when read). */
function largestLine(digest: ArrearsDigest, locale: 'ar' | 'en'): string {
  return digest.largest
    .map((l) => `${l.name} (${formatMoneyFor(locale, l.total_piastres)})`)
    .join(locale === 'ar' ? '، ' : ', ');
}

async function tellStaff(ctx: AppContext, day: string, lateDay: string, digest: ArrearsDigest) {
  const staff = await paymentsStaff(ctx.db);
  const params = {
    date: lateDay,
    count: digest.installments,
    members: digest.members,
    total_piastres: digest.total_piastres,
    largest_ar: largestLine(digest, 'ar'),
    largest_en: largestLine(digest, 'en'),
  };
  let told = 0;
  for (const batch of batches(staff)) {
    told += await tellBatch(ctx, 'arrears', day, batch, {
      amount: () => ({ installments: digest.installments, piastres: digest.total_piastres }),
      notify: () => ({ type: 'arrears_digest', params, link: LATE_PAYMENTS }),
      mail: (r, tx) => {
        const locale = userLocale(r);
        return {
          userId: r.user_id,
          to: r.email as string,
          locale,
          kind: 'arrears_digest',
          params: {
            name: r.name,
            link: appLink(tx.env, LATE_PAYMENTS),
            values: {
              date: formatDayFor(locale, lateDay),
              count: digest.installments,
              members: digest.members,
              total: formatMoneyFor(locale, digest.total_piastres),
            },
            lines: digest.largest.map((l) =>
              translate(locale, 'mail.arrears_digest.item', {
                name: l.name,
                phone: l.phone,
                amount: formatMoneyFor(locale, l.total_piastres),
                count: l.installments,
              }),
            ),
          },
        };
      },
    });
  }
  return told;
}

/**
 * Sends the reminders of Cairo day `day` that no run has finished yet; returns how many people
 * this call told, per kind. Safe to call again, at once or later, from any instance.
 */
export async function sendDailyReminders(ctx: AppContext, day: string): Promise<ReminderCounts> {
  const counts: ReminderCounts = { due: 0, late: 0, arrears: 0 };
  const done = await finishedKinds(ctx.db, day);
  const dueDay = addDays(day, Number(await readSetting(ctx.db, 'reminder_days_before')));
  const lateDay = addDays(day, -1);
  if (!done.has('due') || !done.has('late')) {
    const digests = await membersToRemind(ctx.db, dueDay, lateDay);
    for (const [kind, date] of [
      ['due', dueDay],
      ['late', lateDay],
    ] as const) {
      if (done.has(kind)) continue;
      counts[kind] = await tellMembers(
        ctx,
        kind,
        day,
        date,
        digests.filter((d) => d.kind === kind),
      );
      await markFinished(ctx.db, kind, day);
    }
  }
  if (!done.has('arrears')) {
    const digest = await newArrears(ctx.db, lateDay);
    if (digest.installments > 0) counts.arrears = await tellStaff(ctx, day, lateDay, digest);
    await markFinished(ctx.db, 'arrears', day);
  }
  return counts;
}

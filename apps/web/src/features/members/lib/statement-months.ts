import { poundsToPiastres } from '@portal/shared/money';
import type { TStatementRow } from '@portal/shared/schemas/members';

/** How many installments, and their sum in piastres. */
export type Tally = { count: number; piastres: number };

/** One month of a statement (the Cairo month of the due dates, yyyy-mm): what was paid, is late, is to come. */
export type MonthGroup = {
  month: string;
  count: number;
  received: Tally;
  late: Tally;
  future: Tally;
  /** Cancelled installments (a withdrawn subscription): counted, owed by no one, in no sum. */
  cancelled: number;
};

const empty = (): Tally => ({ count: 0, piastres: 0 });

/**
 * The statement's installments one line per month, in due-date order (issue 22 item 13): 1,200
 * installments print on two pages instead of 63. A due date is a Cairo calendar day, so its
 * month is its first seven characters; amounts are summed as integer piastres.
 */
export function groupByMonth(rows: readonly TStatementRow[]): MonthGroup[] {
  const months = new Map<string, MonthGroup>();
  for (const row of rows) {
    const month = row.due_date.slice(0, 7);
    let group = months.get(month);
    if (!group) {
      group = { month, count: 0, received: empty(), late: empty(), future: empty(), cancelled: 0 };
      months.set(month, group);
    }
    group.count += 1;
    if (row.status === 'cancelled') {
      group.cancelled += 1;
      continue;
    }
    const tally = group[row.status];
    tally.count += 1;
    tally.piastres += poundsToPiastres(row.amount);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** The months' lines added up: the statement's totals, from the same rows. */
export function sumMonths(groups: readonly MonthGroup[]): Omit<MonthGroup, 'month'> {
  const add = (a: Tally, b: Tally): Tally => ({ count: a.count + b.count, piastres: a.piastres + b.piastres });
  return groups.reduce(
    (total, g) => ({
      count: total.count + g.count,
      received: add(total.received, g.received),
      late: add(total.late, g.late),
      future: add(total.future, g.future),
      cancelled: total.cancelled + g.cancelled,
    }),
    { count: 0, received: empty(), late: empty(), future: empty(), cancelled: 0 },
  );
}

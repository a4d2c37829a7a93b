import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/build-app.js';
import { rowsOf } from './client.js';

/**
 * Customer-request lookups change only when db/seed/request-lookups.ts does (git is their history);
 * no screen edits them. A screen that does would add the trigger and the tables' AUDITED_TABLES labels.
 */
const REQUEST_LOOKUP = 'a customer-request lookup, written only by the start-up seed from code';

/**
 * DESIGN §3: every change to a record is audited by the one trigger. A new table
 * must either carry audit_row_change or be named here as infrastructure that
 * would flood the log with nothing a person acts on.
 */
const NOT_AUDITED: Record<string, string> = {
  audit_logs: 'the log itself',
  audit_logs_archive: 'the log itself: its older months (docs/decisions/0024-audit-log-at-scale.md)',
  audit_logs_archive_default: 'the log itself: the archive’s partition for a month that has none',
  audit_logs_archive_months: 'what the archiving job records of each archived month of the log',
  audit_logs_archive_state: 'what the archiving job records of the archived log',
  jobs: 'the job queue: mail and reminders waiting to run; payloads hold live links',
  counters: 'totals kept by triggers from the rows that are audited',
  idempotency_keys: 'answers kept a day so a retried create is not made twice',
  used_zip_tokens: 'zip download links already opened, so each opens once; the download changes nothing',
  reminder_runs: 'the daily reminders’ record of the kinds finished each day (docs/decisions/0031-reminders.md)',
  reminders_sent:
    'who was reminded of what each day: written with the (audited) notification, in its transaction, to tell no one twice',
  association_days:
    'turn days, 1,200 generated with their association; an import is audited as a change of the association (days_version)',
  installment_day_counts: 'the dashboard rollup kept by triggers from installments',
  ledger_association_totals: 'the cash report rollup kept by triggers from the audited ledger (decision 0030)',
  ledger_subscription_totals: 'the cash report rollup kept by triggers from the audited ledger and installments',
  ledger_day_totals: 'the cash report rollup kept by triggers from installments and subscriptions',
  ledger_month_totals: 'the cash report rollup kept by triggers from installments and subscriptions',
  receipt_lines:
    'the installments a receipt covers: written once with their audited receipt, which the installments’ audited updates point to',
  daily_runs: 'which Cairo day a daily job last ran: what the run changed is audited itself',
  workflow_history: 'the history of requests: written with, and in the transaction of, an audited status change',
  request_status_types: REQUEST_LOOKUP,
  identity_types: REQUEST_LOOKUP,
  services: REQUEST_LOOKUP,
  service_durations: REQUEST_LOOKUP,
  organization_types: REQUEST_LOOKUP,
  countries: REQUEST_LOOKUP,
  branches: REQUEST_LOOKUP,
  rejection_reasons: REQUEST_LOOKUP,
  customer_request_files:
    'a request’s documents: written only by a save or a replacement, which updates the audited request in the same transaction',
  __drizzle_migrations: 'the migration ledger',
};

/**
 * Tables audited for some changes only, with why: installments are written 1,200 at a time by
 * the one statement that creates their (audited) subscription; what a person does to one (a
 * payment received) is an update, and is audited.
 */
const PARTLY_AUDITED: Record<string, { events: string[]; why: string }> = {
  installments: { events: ['UPDATE'], why: 'inserted in bulk with the audited subscription' },
};

describe('audit trigger coverage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('every table has the audit trigger for insert, update and delete, or is allowlisted', async () => {
    const tables = rowsOf<{ name: string }>(
      await t.db.execute(`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
    ).map((r) => r.name);
    const triggers = rowsOf<{ table: string; event: string }>(
      await t.db.execute(`select event_object_table as table, event_manipulation as event
        from information_schema.triggers
        where trigger_schema = 'public' and action_statement like '%audit_row_change(%'`),
    );
    const missing: string[] = [];
    for (const table of tables) {
      if (table in NOT_AUDITED) continue;
      const events = new Set(triggers.filter((tr) => tr.table === table).map((tr) => tr.event));
      for (const event of PARTLY_AUDITED[table]?.events ?? ['INSERT', 'UPDATE', 'DELETE']) {
        if (!events.has(event)) missing.push(`${table} ${event}`);
      }
    }
    expect(missing).toEqual([]);
    // The allowlist names only tables that exist (no stale excuses), and none of them is audited.
    const stale = Object.keys(NOT_AUDITED).filter((name) => name !== '__drizzle_migrations' && !tables.includes(name));
    expect(stale).toEqual([]);
    const auditedAnyway = Object.keys(NOT_AUDITED).filter((name) => triggers.some((tr) => tr.table === name));
    expect(auditedAnyway).toEqual([]);
  });
});

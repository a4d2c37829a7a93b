/**
 * Every action code the audit log holds (audit_logs.action), named once for the server, which
 * writes them, and the web app, which labels them in both languages and offers them as the log's
 * action filter. A code missing here has no label: apps/web's audit-labels test fails for it.
 *
 * Two kinds of codes:
 * - the audit trigger's default for a change of a watched table: `<table>.<insert|update|delete>`
 *   (apps/api/drizzle, `audit_row_change`); apps/api's audit-actions test checks AUDITED_TABLES
 *   against the triggers in the database;
 * - a named action: a service names what a request does (login, register, a password change…),
 *   and every row its transaction changes carries that name (inTransaction's `action`, typed by
 *   NamedAuditAction), or the server writes the row itself (security events).
 */

/** Tables whose every change the audit trigger records. */
export const AUDITED_TABLES = [
  'users',
  'sessions',
  'roles',
  'role_permissions',
  'user_roles',
  'user_permissions',
  'permissions',
  'settings',
  'notifications',
  'account_tokens',
  'recovery_accounts',
  'registration_lookups',
  'degree_qualifications',
  'degree_specifications',
  'associations',
  'subscriptions',
  'installments',
  // The money ledger (docs/decisions/0029): rows are only ever inserted.
  'receipts',
  'payouts',
  'reversals',
  'subscription_changes',
  'turn_move_requests',
  'card_requests',
  'customer_requests',
  'terms_versions',
  'tickets',
  'ticket_messages',
  'contact_messages',
  'archive_items',
] as const;
export type AuditedTable = (typeof AUDITED_TABLES)[number];

/**
 * Tables audited once and dropped since: older rows still name them (mail_outbox became the jobs
 * table in migration 0007). Labelled, not offered as a filter.
 */
export const RETIRED_AUDITED_TABLES = ['mail_outbox'] as const;

export const AUDIT_OPERATIONS = ['insert', 'update', 'delete'] as const;
export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];

/** The auth flow (login, logout). */
export const AUTH_ACTIONS = ['login', 'logout'] as const;

/** The customer account flows (registration, activation, password reset, recovery). */
export const ACCOUNT_ACTIONS = [
  'register',
  'email.activate',
  'email.verify_code',
  'email.resend',
  'password.forgot',
  'password.reset',
  'recovery.submit',
  'recovery.activate',
  'recovery.verify',
  'recovery.delete',
  'user.verify',
  'setting.change',
] as const;

/** Named changes of people and access. */
export const USER_ACTIONS = [
  'users.password_change',
  // A soft delete is an UPDATE of deleted_at: named, so the log says "deleted", not "updated".
  'users.remove',
  'users.restore',
  'users.activate',
  'users.reset_link',
] as const;

/**
 * Refusals that change no record but that staff must see (docs/decisions/0015): written by the
 * server directly, with `security` as their entity.
 */
export const SECURITY_ACTIONS = ['security.login_failed', 'security.throttled', 'security.forbidden'] as const;
export type SecurityAction = (typeof SECURITY_ACTIONS)[number];

/** Work no request started: the first start's seed, the job worker's claim of due jobs, the daily jobs. */
export const SYSTEM_ACTIONS = ['seed', 'jobs.claim', 'retention.purge', 'reminders.send'] as const;

/** Every named action: what inTransaction, request.ctx() and systemScope() accept. */
export const NAMED_AUDIT_ACTIONS = [
  ...AUTH_ACTIONS,
  ...ACCOUNT_ACTIONS,
  ...USER_ACTIONS,
  ...SECURITY_ACTIONS,
  ...SYSTEM_ACTIONS,
] as const;
export type NamedAuditAction = (typeof NAMED_AUDIT_ACTIONS)[number];

/** The trigger's default code of a change. */
export type TableAuditAction = `${AuditedTable}.${AuditOperation}`;
export type AuditAction = NamedAuditAction | TableAuditAction;

function tableActions(tables: readonly string[]): string[] {
  return tables.flatMap((table) => AUDIT_OPERATIONS.map((operation) => `${table}.${operation}`));
}

/** Every code a new row may carry: the named actions, then each audited table's three changes. */
export const AUDIT_ACTIONS: readonly AuditAction[] = [
  ...NAMED_AUDIT_ACTIONS,
  ...(tableActions(AUDITED_TABLES) as TableAuditAction[]),
];

/** Codes only older rows carry (changes of retired tables): labelled, not offered as a filter. */
export const RETIRED_AUDIT_ACTIONS: readonly string[] = tableActions(RETIRED_AUDITED_TABLES);

/** What audit_logs.entity holds: the changed table, or `security` for security events. */
export const AUDIT_ENTITIES = [...AUDITED_TABLES, ...RETIRED_AUDITED_TABLES, 'security'] as const;

/** The table a trigger-written code names and its operation, or undefined for a named action. */
export function splitTableAction(code: string): { table: string; operation: AuditOperation } | undefined {
  const dot = code.lastIndexOf('.');
  if (dot < 0) return undefined;
  const operation = code.slice(dot + 1);
  if (!(AUDIT_OPERATIONS as readonly string[]).includes(operation)) return undefined;
  return { table: code.slice(0, dot), operation: operation as AuditOperation };
}

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registrationLookups } from './lookups.js';
import { users } from './users.js';

/**
 * Emailed secrets (docs/decisions/0005-accounts.md): email activation (link +
 * 6-digit code), recovery-email confirmation and password reset. Only the
 * SHA-256 of the link token and the argon2 hash of the code are stored; a row
 * is live while unused, not revoked and not expired. The audit trigger hides
 * both hashes.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 30 }).notNull(),
    /** The address the secret was sent to; it must still be the one it proves. */
    email: varchar('email', { length: 190 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    codeHash: text('code_hash'),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('activation', 'recovery_activation', 'password_reset')`),
  ],
);

export type AccountTokenRow = typeof accountTokens.$inferSelect;

/**
 * A recovery account: the complete data a customer submits while recovery mode
 * is on (SPEC §2, §3). One per user. pending_activation (a new email awaits
 * confirmation) → pending_review (staff review within two working days) →
 * verified. Staff deleting it sends the customer back to /recovery.
 */
export const recoveryAccounts = pgTable(
  'recovery_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull(),
    arName: varchar('ar_name', { length: 150 }).notNull(),
    enName: varchar('en_name', { length: 150 }).notNull(),
    email: varchar('email', { length: 190 }).notNull(),
    oldEmail: varchar('old_email', { length: 190 }),
    mobile: varchar('mobile', { length: 12 }).notNull(),
    nationalId: varchar('national_id', { length: 14 }).notNull(),
    universityId: integer('university_degree_id').references(() => registrationLookups.id),
    universityName: varchar('university_name', { length: 150 }),
    collegeId: integer('organization_degree_id').references(() => registrationLookups.id),
    collegeName: varchar('organization_name', { length: 150 }),
    levelId: integer('degree_education_level_id')
      .notNull()
      .references(() => registrationLookups.id),
    qualificationId: integer('degree_qualification_id')
      .notNull()
      .references(() => registrationLookups.id),
    specificationId: integer('degree_specification_id').references(() => registrationLookups.id),
    experience: text('experience'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'string' }),
    verifiedBy: integer('verified_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('recovery_accounts_user_key').on(t.userId),
    uniqueIndex('recovery_accounts_national_id_key').on(t.nationalId),
    index('recovery_accounts_status_idx').on(t.status, t.id),
    check('recovery_accounts_status_check', sql`${t.status} in ('pending_activation', 'pending_review', 'verified')`),
  ],
);

export type RecoveryAccountRow = typeof recoveryAccounts.$inferSelect;

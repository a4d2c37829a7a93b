import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 150 }).notNull(),
    email: varchar('email', { length: 190 }),
    phone: varchar('phone', { length: 12 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    image: text('image'),
    birthDate: date('birth_date', { mode: 'string' }),
    address: text('address'),
    type: varchar('type', { length: 10 }).notNull().default('user'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'string' }),
    active: boolean('active').notNull().default(true),
    /**
     * Installment reminders (and, for staff, the arrears digest) also come by e-mail; the member
     * turns this off in their profile, the bell keeps them (docs/decisions/0031-reminders.md).
     */
    reminderEmails: boolean('reminder_emails').notNull().default(true),
    /** Language of the emails this user receives (Accept-Language at registration; docs/decisions/0005). */
    locale: varchar('locale', { length: 2 }).notNull().default('ar'),
    /** When the recovery data was completed (its email confirmed); null means `dataRequired` in recovery mode. */
    dataCompletedAt: timestamp('data_completed_at', { withTimezone: true, mode: 'string' }),
    /** The terms text (terms_versions) the customer accepted when registering, and when. */
    termsVersionId: integer('terms_version_id'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true, mode: 'string' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    // Soft-deleted users keep their history; their phone and email may be reused.
    uniqueIndex('users_phone_live_key').on(t.phone).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_email_live_key').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    index('users_type_idx').on(t.type, t.id),
    // The default list (live users of one type, newest first) and contains searches (pg_trgm).
    index('users_live_type_idx').on(t.type, t.id).where(sql`${t.deletedAt} is null`),
    // Every live user by id (the list of all types): a deep page walks it without the heap (migration 0038).
    index('users_live_id_idx').on(t.id).where(sql`${t.deletedAt} is null`),
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    check('users_type_check', sql`${t.type} in ('user', 'admin')`),
    check('users_locale_check', sql`${t.locale} in ('ar', 'en')`),
  ],
);

export type UserRow = typeof users.$inferSelect;

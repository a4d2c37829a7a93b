// Types only: drizzle-kit loads this file without the workspace's source condition.
import type { RequestStatusCode } from '@portal/shared/schemas/request-lookups';
import { boolean, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The lookups of customer service requests (SPEC §3, DESIGN §2), returned by
 * POST /customers_requests/lookups. Ids are fixed, not generated: the form rules and the
 * statistics name them (service 2, organization types 1 and 7, status 8 = rejected), so the
 * seed (db/seed/request-lookups.ts) writes every row with its id and refreshes the other columns.
 * `name` is English, `name_local` Arabic, as in the registration lookups.
 */

const lookupColumns = () => ({
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
  nameLocal: varchar('name_local', { length: 150 }).notNull(),
});

/** The nine states of a request; the workflow refers to them by `code`. */
export const requestStatusTypes = pgTable(
  'request_status_types',
  { ...lookupColumns(), code: varchar('code', { length: 20 }).$type<RequestStatusCode>().notNull() },
  (t) => [uniqueIndex('request_status_types_code_key').on(t.code)],
);

export const identityTypes = pgTable('identity_types', lookupColumns());

export const services = pgTable('services', lookupColumns());

export const serviceDurations = pgTable('service_durations', lookupColumns());

export const organizationTypes = pgTable('organization_types', lookupColumns());

/** The applicant's nationality is chosen from these, hence the adjective beside the country name. */
export const countries = pgTable('countries', {
  ...lookupColumns(),
  nationality: varchar('nationality', { length: 150 }).notNull(),
  nationalityLocal: varchar('nationality_local', { length: 150 }).notNull(),
});

/** Where a customer collects the certificate. Address and description are the branch's own Arabic text. */
export const branches = pgTable('branches', {
  ...lookupColumns(),
  address: text('address').notNull(),
  description: text('description'),
});

/** A final decision cannot be answered by editing and resubmitting the request (DESIGN §2). */
export const rejectionReasons = pgTable('rejection_reasons', {
  ...lookupColumns(),
  finalDecision: boolean('final_decision').notNull().default(false),
});

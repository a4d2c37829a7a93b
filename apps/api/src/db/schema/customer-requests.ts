import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  branches,
  identityTypes,
  organizationTypes,
  rejectionReasons,
  requestStatusTypes,
  serviceDurations,
  services,
} from './request-lookups.js';
import { users } from './users.js';

/**
 * A customer service request (SPEC §3, DESIGN §2; docs/decisions/0021-service-requests.md).
 * Status changes only through the customer-requests service: the row read FOR UPDATE, the
 * machine of packages/shared decides, one UPDATE and a workflow_history row in one transaction.
 * The applicant columns are the form's (POST /customers_requests/save); its documents are
 * customer_request_files.
 */
export const customerRequests = pgTable(
  'customer_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 20 }).notNull().unique(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    status: smallint('status')
      .notNull()
      .default(1)
      .references(() => requestStatusTypes.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    serviceDurationId: integer('service_duration_id')
      .notNull()
      .references(() => serviceDurations.id),
    organizationTypeId: integer('organization_type_id')
      .notNull()
      .references(() => organizationTypes.id),
    identityTypeId: integer('identity_type_id')
      .notNull()
      .references(() => identityTypes.id),
    /** The national id (identity type 1) or the passport number (type 2). */
    identityValue: varchar('identity_value', { length: 30 }).notNull(),
    identityExpirationDate: date('identity_expiration_date', { mode: 'string' }),
    /** A company's, when the service is not 1 (SPEC §5); cleared for organization types 1 and 7. */
    taxRegistrationNumber: varchar('tax_registration_number', { length: 12 }),
    representativeType: varchar('representative_type', { length: 30 }),
    name: varchar('name', { length: 150 }).notNull(),
    email: varchar('email', { length: 150 }).notNull(),
    mobile: varchar('mobile', { length: 12 }).notNull(),
    address: text('address').notNull(),
    nationalityId: integer('nationality_id'),
    /** 1 first issue, 2 renewal. */
    renewal: smallint('renewal').notNull().default(1),
    userType: varchar('user_type', { length: 20 }).notNull().default('individual'),
    branchId: integer('branch_id').references(() => branches.id),
    receivingDate: date('receiving_date', { mode: 'string' }),
    /** The staff member the request was moved to (/requests/tasks). */
    assignedTo: integer('assigned_to').references(() => users.id),
    removed: smallint('removed').notNull().default(0),
    paymentAmountPiastres: bigint('payment_amount_piastres', { mode: 'number' }),
    paymentReference: varchar('payment_reference', { length: 100 }),
    rejectionReasonId: integer('rejection_reason_id').references(() => rejectionReasons.id),
    rejectionNote: text('rejection_note'),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('customer_requests_status_check', sql`${t.status} between 1 and 9`),
    check('customer_requests_removed_check', sql`${t.removed} in (0, 1)`),
    check('customer_requests_renewal_check', sql`${t.renewal} in (1, 2)`),
    check('customer_requests_payment_check', sql`${t.paymentAmountPiastres} is null or ${t.paymentAmountPiastres} > 0`),
    // Every list filters on removed: each scope's index holds it, so a page and its capped count
    // (lib/list.ts) read the index alone (migration 0039).
    index('customer_requests_list_idx').on(t.removed, t.id),
    index('customer_requests_created_by_idx').on(t.createdBy, t.removed, t.id),
    index('customer_requests_assigned_idx').on(t.assignedTo, t.removed, t.id),
    index('customer_requests_status_idx').on(t.removed, t.status, t.id),
    // The list's keyword search (contains, in any of the five): without them a sequential scan of
    // every request (310 ms at 200,000, bench:api).
    index('customer_requests_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
    index('customer_requests_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('customer_requests_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')),
    index('customer_requests_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('customer_requests_identity_trgm_idx').using('gin', t.identityValue.op('gin_trgm_ops')),
  ],
);

export type CustomerRequestRow = typeof customerRequests.$inferSelect;

/**
 * A request's documents (SPEC §3 files): a main document (one per type), the signed contract and
 * the investment file (one each), and any number of additional files. The bytes live in the file
 * storage under a random key; the title is the client's file name, cleaned (no path, no control
 * characters), shown and sent back as the download's name only.
 */
export const customerRequestFiles = pgTable(
  'customer_request_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => customerRequests.id, { onDelete: 'cascade' }),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    storageKey: varchar('storage_key', { length: 80 }).notNull(),
    size: integer('size').notNull(),
    mime: varchar('mime', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_request_files_request_idx').on(t.requestId, t.id),
    // One file per document type, except the additional files.
    uniqueIndex('customer_request_files_one_per_type')
      .on(t.requestId, t.contentType)
      .where(sql`${t.contentType} <> 'additionalFile'`),
    check('customer_request_files_size_check', sql`${t.size} > 0`),
  ],
);

import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import {
  branches,
  countries,
  identityTypes,
  organizationTypes,
  rejectionReasons,
  requestStatusTypes,
  serviceDurations,
  services,
} from '../schema/request-lookups.js';
import type { Tx } from '../transaction.js';
import {
  BRANCH_ROWS,
  COUNTRY_ROWS,
  IDENTITY_TYPE_ROWS,
  ORGANIZATION_TYPE_ROWS,
  REJECTION_REASON_ROWS,
  REQUEST_STATUS_TYPE_ROWS,
  SERVICE_DURATION_ROWS,
  SERVICE_ROWS,
} from './request-lookup-values.js';

type LookupTable =
  | typeof requestStatusTypes
  | typeof identityTypes
  | typeof services
  | typeof serviceDurations
  | typeof organizationTypes
  | typeof countries
  | typeof branches
  | typeof rejectionReasons;

/**
 * Inserts the rows by id; an existing id takes the seeded values, but only when one differs, so
 * an unchanged start rewrites no row (the test compares row versions).
 * Rows no longer in the seed stay: requests may still point at them.
 */
async function upsertById<T extends LookupTable>(tx: Tx, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  const refreshed = Object.entries(getTableColumns(table)).filter(([key]) => key !== 'id');
  const excluded = (column: string) => sql.raw(`excluded.${JSON.stringify(column)}`);
  const set: Record<string, SQL> = Object.fromEntries(refreshed.map(([key, col]) => [key, excluded(col.name)]));
  const changed = sql.join(
    refreshed.map(([, col]) => sql`${col} is distinct from ${excluded(col.name)}`),
    sql` or `,
  );
  await tx.insert(table).values(rows).onConflictDoUpdate({ target: table.id, set, setWhere: changed });
}

/** Idempotent: every start brings the lookups to the values of request-lookup-values.ts. */
export async function seedRequestLookups(tx: Tx): Promise<void> {
  await upsertById(tx, requestStatusTypes, REQUEST_STATUS_TYPE_ROWS);
  await upsertById(tx, identityTypes, IDENTITY_TYPE_ROWS);
  await upsertById(tx, services, SERVICE_ROWS);
  await upsertById(tx, serviceDurations, SERVICE_DURATION_ROWS);
  await upsertById(tx, organizationTypes, ORGANIZATION_TYPE_ROWS);
  await upsertById(tx, countries, COUNTRY_ROWS);
  await upsertById(tx, branches, BRANCH_ROWS);
  await upsertById(tx, rejectionReasons, REJECTION_REASON_ROWS);
}

import type { TRegistrationLookups } from '@portal/shared/schemas/accounts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { fixedRead } from '../../db/prepared.js';
import {
  degreeQualifications,
  degreeSpecifications,
  type RegistrationLookupKind,
  registrationLookups,
} from '../../db/schema/lookups.js';
import type { Tx } from '../../db/transaction.js';

type Reader = Database | Tx;

/** A registration list's items as a JSON array in display order, with `fields` of their own. */
const ofKind = (kind: RegistrationLookupKind, fields = '') =>
  sql.raw(`(select coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'name_local', x.name_local${fields})
    order by x.sort_order, x.id), '[]') from registration_lookups x where x.kind = '${kind}')`);

/**
 * Every registration lookup in one statement, each list built by PostgreSQL as the answer names it
 * (three reads through the query builder and a filter per list cost more of the API's CPU than
 * the statement; issue 21 §3). The kinds are the schema's own constants, never a caller's value.
 */
const lookupLists = fixedRead<TRegistrationLookups, []>(
  'registration_lookup_lists',
  () => sql`select ${ofKind('degree')} as degrees,
    ${ofKind('level')} as levels,
    ${ofKind('qualification')} as qualifications,
    ${ofKind('specification')} as specifications,
    (select coalesce(json_agg(json_build_object('level_id', l.level_id, 'qualification_id', l.qualification_id)
      order by l.level_id, l.qualification_id), '[]') from degree_qualifications l) as degree_qualifications,
    (select coalesce(json_agg(json_build_object('qualification_id', l.qualification_id, 'specification_id', l.specification_id)
      order by l.qualification_id, l.specification_id), '[]') from degree_specifications l) as degree_specifications,
    ${ofKind('pre_qualification')} as pre_qualifications,
    ${ofKind('university')} as universities,
    ${ofKind('college')} as collages,
    ${ofKind('grade')} as grades,
    ${ofKind('place', ", 'government_id', x.parent_id")} as places,
    ${ofKind('government')} as governments`,
);

/** POST /user/register/data: every registration lookup, in display order (SPEC §3). */
export async function registrationLookupLists(db: Reader): Promise<TRegistrationLookups> {
  const [lists] = await lookupLists(db);
  if (!lists) throw new Error('the registration lookups read gave no row');
  return lists;
}

/** The kind of each given id that exists (to check that a chosen id is of the right list). */
export async function lookupKinds(db: Reader, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: registrationLookups.id, kind: registrationLookups.kind })
    .from(registrationLookups)
    .where(inArray(registrationLookups.id, ids));
  return new Map(rows.map((r) => [r.id, r.kind]));
}

export async function isQualificationOfLevel(db: Reader, levelId: number, qualificationId: number): Promise<boolean> {
  const [row] = await db
    .select({ levelId: degreeQualifications.levelId })
    .from(degreeQualifications)
    .where(and(eq(degreeQualifications.levelId, levelId), eq(degreeQualifications.qualificationId, qualificationId)));
  return row !== undefined;
}

/** The specifications a qualification offers; empty means the specification is not asked for. */
export async function specificationsOf(db: Reader, qualificationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: degreeSpecifications.specificationId })
    .from(degreeSpecifications)
    .where(eq(degreeSpecifications.qualificationId, qualificationId));
  return rows.map((r) => r.id);
}

import type { TRegistrationLookups } from '@portal/shared/schemas/accounts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  degreeQualifications,
  degreeSpecifications,
  type RegistrationLookupKind,
  registrationLookups,
} from '../../db/schema/lookups.js';
import type { Tx } from '../../db/transaction.js';

type Reader = Database | Tx;

/** POST /user/register/data: every registration lookup, in display order (SPEC §3). */
export async function registrationLookupLists(db: Reader): Promise<TRegistrationLookups> {
  const [items, levelLinks, specLinks] = await Promise.all([
    db
      .select()
      .from(registrationLookups)
      .orderBy(asc(registrationLookups.kind), asc(registrationLookups.sortOrder), asc(registrationLookups.id)),
    db
      .select()
      .from(degreeQualifications)
      .orderBy(asc(degreeQualifications.levelId), asc(degreeQualifications.qualificationId)),
    db
      .select()
      .from(degreeSpecifications)
      .orderBy(asc(degreeSpecifications.qualificationId), asc(degreeSpecifications.specificationId)),
  ]);
  const of = (kind: RegistrationLookupKind) =>
    items.filter((i) => i.kind === kind).map((i) => ({ id: i.id, name: i.name, name_local: i.nameLocal }));
  return {
    degrees: of('degree'),
    levels: of('level'),
    qualifications: of('qualification'),
    specifications: of('specification'),
    degree_qualifications: levelLinks.map((l) => ({ level_id: l.levelId, qualification_id: l.qualificationId })),
    degree_specifications: specLinks.map((l) => ({
      qualification_id: l.qualificationId,
      specification_id: l.specificationId,
    })),
    pre_qualifications: of('pre_qualification'),
    universities: of('university'),
    collages: of('college'),
    grades: of('grade'),
    places: items
      .filter((i) => i.kind === 'place')
      .map((i) => ({ id: i.id, name: i.name, name_local: i.nameLocal, government_id: i.parentId })),
    governments: of('government'),
  };
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

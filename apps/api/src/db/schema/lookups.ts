import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** The kinds of registration lookup (SPEC §3), each returned as a list by POST /user/register/data. */
export const REGISTRATION_LOOKUP_KINDS = [
  'degree',
  'level',
  'qualification',
  'specification',
  'pre_qualification',
  'university',
  'college',
  'grade',
  'government',
  'place',
] as const;
export type RegistrationLookupKind = (typeof REGISTRATION_LOOKUP_KINDS)[number];

/**
 * Registration lookups, seeded by migration with Egyptian values: `name` is
 * English, `name_local` Arabic. A place belongs to a government (parent_id).
 */
export const registrationLookups = pgTable(
  'registration_lookups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 30 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    nameLocal: varchar('name_local', { length: 150 }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => registrationLookups.id),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('registration_lookups_kind_name_key').on(t.kind, t.name),
    index('registration_lookups_kind_idx').on(t.kind, t.sortOrder, t.id),
    check(
      'registration_lookups_kind_check',
      sql.raw(`kind in (${REGISTRATION_LOOKUP_KINDS.map((k) => `'${k}'`).join(', ')})`),
    ),
  ],
);

/** Which qualifications belong to an education level (SPEC's degree_qualifications). */
export const degreeQualifications = pgTable(
  'degree_qualifications',
  {
    levelId: integer('level_id')
      .notNull()
      .references(() => registrationLookups.id, { onDelete: 'cascade' }),
    qualificationId: integer('qualification_id')
      .notNull()
      .references(() => registrationLookups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.levelId, t.qualificationId] })],
);

/** Which specifications a qualification offers (SPEC's degree_specifications); none means not required. */
export const degreeSpecifications = pgTable(
  'degree_specifications',
  {
    qualificationId: integer('qualification_id')
      .notNull()
      .references(() => registrationLookups.id, { onDelete: 'cascade' }),
    specificationId: integer('specification_id')
      .notNull()
      .references(() => registrationLookups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.qualificationId, t.specificationId] })],
);

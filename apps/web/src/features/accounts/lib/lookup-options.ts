import type { Locale } from '@portal/shared/constants';
import type { TRegistrationLookups } from '@portal/shared/schemas/accounts';

type Item = { id: number; name: string; name_local: string };
export type Option = { value: number; label: string };

/** A lookup list as Select options in the current language (name_local is Arabic, name English). */
export function toOptions(items: readonly Item[], lang: Locale): Option[] {
  return items.map((i) => ({ value: i.id, label: (lang === 'ar' ? i.name_local : i.name) || i.name || i.name_local }));
}

/** The qualifications offered for an education level (none until a level is chosen). */
export function qualificationsOf(lookups: TRegistrationLookups, levelId: number | undefined): Item[] {
  if (levelId === undefined) return [];
  const ids = new Set(
    lookups.degree_qualifications.filter((l) => l.level_id === levelId).map((l) => l.qualification_id),
  );
  return lookups.qualifications.filter((q) => ids.has(q.id));
}

/** The specifications a qualification offers; empty means the specification is not asked for (SPEC §5). */
export function specificationsOf(lookups: TRegistrationLookups, qualificationId: number | undefined): Item[] {
  if (qualificationId === undefined) return [];
  const ids = new Set(
    lookups.degree_specifications.filter((l) => l.qualification_id === qualificationId).map((l) => l.specification_id),
  );
  return lookups.specifications.filter((s) => ids.has(s.id));
}

import type { TRequestLookups } from '@portal/shared/schemas/request-lookups';
import { asc } from 'drizzle-orm';
import {
  branches,
  countries,
  identityTypes,
  organizationTypes,
  rejectionReasons,
  requestStatusTypes,
  serviceDurations,
  services,
} from '../../db/schema/request-lookups.js';
import type { Reader } from '../../db/transaction.js';

type Named = { id: number; name: string; nameLocal: string };
const item = ({ id, name, nameLocal }: Named) => ({ id, name, name_local: nameLocal });

/** POST /customers_requests/lookups: every list in id order (Egypt is country 1, so first). */
export async function requestLookupLists(db: Reader): Promise<TRequestLookups> {
  const [statuses, identities, serviceRows, organizations, durations, countryRows, branchRows, reasons] =
    await Promise.all([
      db.select().from(requestStatusTypes).orderBy(asc(requestStatusTypes.id)),
      db.select().from(identityTypes).orderBy(asc(identityTypes.id)),
      db.select().from(services).orderBy(asc(services.id)),
      db.select().from(organizationTypes).orderBy(asc(organizationTypes.id)),
      db.select().from(serviceDurations).orderBy(asc(serviceDurations.id)),
      db.select().from(countries).orderBy(asc(countries.id)),
      db.select().from(branches).orderBy(asc(branches.id)),
      db.select().from(rejectionReasons).orderBy(asc(rejectionReasons.id)),
    ]);
  return {
    requests_status_types: statuses.map((s) => ({ ...item(s), code: s.code })),
    identities_types: identities.map(item),
    services: serviceRows.map(item),
    organizations_types: organizations.map(item),
    services_durations: durations.map(item),
    countries: countryRows.map((c) => ({
      ...item(c),
      nationality: c.nationality,
      nationality_local: c.nationalityLocal,
    })),
    branches: branchRows.map((b) => ({ ...item(b), address: b.address, description: b.description })),
    rejection_reasons: reasons.map((r) => ({ ...item(r), final_decision: r.finalDecision })),
  };
}

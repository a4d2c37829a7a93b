import { z } from 'zod';
import { REQUEST_STATUS_CODES } from './request-ids.js';

/**
 * The lookups of customer service requests (SPEC §3), answered by POST /customers_requests/lookups.
 * Each item has `name` (English) and `name_local` (Arabic); the list keys are the SPEC's spellings.
 */

export * from './request-ids.js';

export const ZRequestLookupItem = z.object({ id: z.number().int(), name: z.string(), name_local: z.string() });
export type TRequestLookupItem = z.infer<typeof ZRequestLookupItem>;

export const ZRequestStatusType = ZRequestLookupItem.extend({
  code: z.enum(REQUEST_STATUS_CODES),
});
export type TRequestStatusType = z.infer<typeof ZRequestStatusType>;

export const ZCountry = ZRequestLookupItem.extend({ nationality: z.string(), nationality_local: z.string() });
export type TCountry = z.infer<typeof ZCountry>;

export const ZBranch = ZRequestLookupItem.extend({ address: z.string(), description: z.string().nullable() });
export type TBranch = z.infer<typeof ZBranch>;

export const ZRejectionReason = ZRequestLookupItem.extend({ final_decision: z.boolean() });
export type TRejectionReason = z.infer<typeof ZRejectionReason>;

export const ZRequestLookups = z.object({
  requests_status_types: z.array(ZRequestStatusType),
  identities_types: z.array(ZRequestLookupItem),
  services: z.array(ZRequestLookupItem),
  organizations_types: z.array(ZRequestLookupItem),
  services_durations: z.array(ZRequestLookupItem),
  countries: z.array(ZCountry),
  branches: z.array(ZBranch),
  rejection_reasons: z.array(ZRejectionReason),
});
export type TRequestLookups = z.infer<typeof ZRequestLookups>;

import { z } from 'zod';

/**
 * The lookups of customer service requests (SPEC §3), answered by POST /customers_requests/lookups.
 * Each item has `name` (English) and `name_local` (Arabic); the list keys are the SPEC's spellings.
 */

export const REQUEST_STATUS_CODES = [
  'draft',
  'submitted',
  'reviewed',
  'accepted',
  'paid',
  'ready',
  'delivered',
  'rejected',
  'canceled',
] as const;
export type RequestStatusCode = (typeof REQUEST_STATUS_CODES)[number];

/** The status types of DESIGN §2, by id. The statistics (SPEC §4) count any other id as rejected. */
export const REQUEST_STATUS_IDS = {
  draft: 1,
  submitted: 2,
  reviewed: 3,
  accepted: 4,
  paid: 5,
  ready: 6,
  delivered: 7,
  rejected: 8,
  canceled: 9,
} as const satisfies Record<RequestStatusCode, number>;

/** Ids the form rules name (DESIGN §2, SPEC §5); the seed keeps them fixed. */
export const IDENTITY_TYPE_IDS = { nationalId: 1, passport: 2 } as const;
export const SERVICE_IDS = { individualSignature: 1, organizationSignature: 2 } as const;
export const SERVICE_DURATION_IDS = { oneYear: 1, twoYears: 2, threeYears: 3 } as const;
/** 7 (a sole proprietorship) is treated as an individual: no company documents, no representative. */
export const INDIVIDUAL_ORGANIZATION_TYPE_IDS = [1, 7] as const;

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

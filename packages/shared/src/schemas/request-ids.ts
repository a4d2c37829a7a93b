/**
 * The fixed ids and codes of the service request lookups (DESIGN §2, SPEC §4, §9), without zod:
 * the screens read them without loading the schema library (DESIGN §5 budgets).
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

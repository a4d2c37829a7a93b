import { z } from 'zod';
import { SORT_ORDERS } from '../enums.js';
import { REQUEST_ACTIONS } from './customer-requests-machine.js';
import { dayField, idField, searchField, wholeNumber } from './fields.js';
import { REQUEST_STATUS_CODES } from './request-lookups.js';

/**
 * The calls of customer service requests beside /save (SPEC §7; docs/decisions/0021-service-requests.md):
 * the list, one request with its history, and the statistics.
 */

/** The statistics' id for "branched" (SPEC §4), which the list's status filter accepts too. */
export const BRANCHED_STATUS_ID = 10;

/** Which requests one list call covers: /requests (all), /requests/me (mine), /requests/tasks (assigned to me). */
export const REQUEST_LIST_SCOPES = ['all', 'mine', 'tasks'] as const;
export type RequestListScope = (typeof REQUEST_LIST_SCOPES)[number];

export const REQUEST_ORDER_KEYS = ['id', 'code', 'created_at', 'updated_at', 'status'] as const;

export const REQUEST_LIST_MAX_LIMIT = 200;

const lookupId = idField.optional();

export const ZCustomerRequestListRequest = z.object({
  limit: wholeNumber('validation.invalid_value', { min: 1, max: REQUEST_LIST_MAX_LIMIT }).default(5),
  offset: wholeNumber('validation.invalid_value', { min: 0, max: 100_000_000 }).default(0),
  keywords: searchField.optional(),
  scope: z.enum(REQUEST_LIST_SCOPES, { error: 'validation.invalid_value' }).default('all'),
  removed: z
    .union([z.literal(0), z.literal(1), z.enum(['0', '1'])], { error: 'validation.invalid_value' })
    .transform(Number)
    .default(0),
  filters: z
    .object({
      /** 1..9 a status; 10 the "branched" badge (a branch is set). */
      request_status_type_id: wholeNumber('validation.invalid_value', { min: 1, max: BRANCHED_STATUS_ID }).optional(),
      service_id: lookupId,
      branch_id: lookupId,
      organization_type_id: lookupId,
      service_duration_id: lookupId,
    })
    .default({}),
  order_by: z.enum(REQUEST_ORDER_KEYS, { error: 'validation.invalid_value' }).default('id'),
  order_direction: z.enum(SORT_ORDERS, { error: 'validation.invalid_value' }).default('desc'),
});
export type TCustomerRequestListRequest = z.infer<typeof ZCustomerRequestListRequest>;

const ZNamed = z.object({ id: z.number().int(), name: z.string(), name_local: z.string() });
const ZPerson = z.object({ id: z.number().int(), name: z.string() });

export const ZCustomerRequest = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  address: z.string(),
  renewal: z.number().int(),
  user_type: z.string(),
  identity_type: z.object({ id: z.number().int() }),
  identity_value: z.string(),
  service: ZNamed,
  service_duration: ZNamed,
  organization_type: ZNamed,
  request_status_type: ZNamed.extend({ code: z.enum(REQUEST_STATUS_CODES) }),
  branch: ZNamed.nullable(),
  receivingDate: z.string().nullable(),
  /** The list badge: a branch and receiving date are set (SPEC §4). */
  branched: z.boolean(),
  created_by: ZPerson,
  assigned_to: ZPerson.nullable(),
  removed: z.number().int(),
  /** EGP (stored in piastres). */
  payment_amount: z.number().nullable(),
  payment_reference: z.string().nullable(),
  rejection_reason_id: z.number().int().nullable(),
  rejection_note: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the caller may do now (from REQUEST_MACHINE). */
  actions: z.array(z.enum(REQUEST_ACTIONS)),
});
export type TCustomerRequest = z.infer<typeof ZCustomerRequest>;

export const ZCustomerRequestPage = z.object({
  data: z.array(ZCustomerRequest),
  meta: z.object({ count: z.number().int() }),
});
export type TCustomerRequestPage = z.infer<typeof ZCustomerRequestPage>;

export const ZRequestHistoryEntry = z.object({
  action: z.string(),
  from_status: z.number().int().nullable(),
  created_by: ZPerson.nullable(),
  request_status_type: ZNamed.extend({ code: z.enum(REQUEST_STATUS_CODES) }),
  note: z.string().nullable(),
  created_at: z.string(),
  /** On a rejection: the reason and whether it closes the request for good. */
  rejection_reason: ZNamed.extend({ final_decision: z.boolean() }).nullable(),
});
export type TRequestHistoryEntry = z.infer<typeof ZRequestHistoryEntry>;

/** The detail: newest history entry first, so the first entry carries the last rejection (SPEC §3). */
export const ZCustomerRequestDetail = ZCustomerRequest.extend({ history: z.array(ZRequestHistoryEntry) });
export type TCustomerRequestDetail = z.infer<typeof ZCustomerRequestDetail>;

/** The optional status the caller saw: of two clicks on one screen, the second is a 409, not a further step. */
export const ZRequestActionExpectation = z.object({
  expected_status: wholeNumber('validation.invalid_value', { min: 1, max: 9 }).optional(),
});

export const STATISTICS_KEYS = [
  'draft',
  'submitted',
  'reviewed',
  'accepted',
  'paid',
  'ready',
  'delivered',
  'rejected',
  'canceled',
  'branched',
] as const;
export type StatisticsKey = (typeof STATISTICS_KEYS)[number];

export const ZCustomerRequestStatistics = z.object({
  statistics: z.record(z.enum(STATISTICS_KEYS), z.number().int()),
  total: z.number().int(),
});
export type TCustomerRequestStatistics = z.infer<typeof ZCustomerRequestStatistics>;

/** POST /customers_requests/setBranch/{id}: where and when the customer collects (the "branched" badge). */
export const ZRequestSetBranchRequest = z.object({
  branch: idField,
  receivingDate: dayField,
});
export type TRequestSetBranchRequest = z.infer<typeof ZRequestSetBranchRequest>;

/** POST /customers_requests/move/{id}: the staff member who takes the request (their /requests/tasks). */
export const ZRequestMoveRequest = z.object({ user_id: idField });
export type TRequestMoveRequest = z.infer<typeof ZRequestMoveRequest>;

import { z } from 'zod';
import { addYears, today } from '../clock.js';
import { SORT_ORDERS } from '../enums.js';
import { ZExportFormat } from './associations.js';
import { REQUEST_ACTIONS } from './customer-requests-machine.js';
import { dayWithin, idField, numberChoice, searchField, wholeNumber } from './fields.js';
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
  removed: numberChoice([0, 1], 'validation.invalid_value').default(0),
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

/** POST /customers_requests/export: the list's filters (not its page) and the format; newest first. */
export const ZCustomerRequestExportRequest = ZCustomerRequestListRequest.omit({ limit: true, offset: true }).extend(
  ZExportFormat.shape,
);
export type TCustomerRequestExportRequest = z.infer<typeof ZCustomerRequestExportRequest>;

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
  /**
   * count: exact up to the lists' cap (COUNT_CAP) or when the page itself proves it; past it a
   * lower bound flagged `atLeast: true` ("more than count − 1"; docs/decisions/0013: counting
   * ~200,000 rows per page cost 75–150 ms).
   */
  meta: z.object({ count: z.number().int(), atLeast: z.boolean().optional() }),
});
export type TCustomerRequestPage = z.infer<typeof ZCustomerRequestPage>;

export const ZRequestHistoryEntry = z.object({
  action: z.string(),
  from_status: z.number().int().nullable(),
  created_by: ZPerson.nullable(),
  request_status_type: ZNamed.extend({ code: z.enum(REQUEST_STATUS_CODES) }),
  note: z.string().nullable(),
  created_at: z.string(),
  /** On an accept (next-for-pay): the fee it set (EGP) and its payment reference, kept after a reset. */
  payment_amount: z.number().nullable(),
  payment_reference: z.string().nullable(),
  /** On a rejection: the reason and whether it closes the request for good, kept with each rejection. */
  rejection_reason: ZNamed.extend({ final_decision: z.boolean() }).nullable(),
});
export type TRequestHistoryEntry = z.infer<typeof ZRequestHistoryEntry>;

/**
 * One stored document of a request (SPEC §3 files). `url` is the API path that serves it (relative
 * to /api/v1), to the creator and staff with show_requests only, always as an attachment.
 */
export const ZRequestDocument = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  /** Bytes, and as people read it ("312 KB"). */
  size: z.number().int(),
  size_text: z.string(),
  /** The type its content showed (magic bytes), e.g. application/pdf, image/png. */
  mime: z.string(),
});
export const ZRequestFile = z.object({
  document: ZRequestDocument,
  /** A main document's type (identity_copy, tax_registration_copy…), or signedContract, investment, additionalFile. */
  content_type: z.string(),
});
export type TRequestFile = z.infer<typeof ZRequestFile>;
export const ZRequestFiles = z.object({
  main_files: z.array(ZRequestFile),
  additional_files: z.array(ZRequestFile),
});

/** The detail: newest history entry first, so the first entry carries the last rejection (SPEC §3). */
export const ZCustomerRequestDetail = ZCustomerRequest.extend({
  history: z.array(ZRequestHistoryEntry),
  /** The form's own data beside what lists show (the edit form fills itself from these). */
  identity_passport_value: z.string().nullable(),
  identity_expiration_date: z.string().nullable(),
  tax_registration_number: z.string().nullable(),
  Representative_type: z.string().nullable(),
  nationality: z.number().int().nullable(),
  files: ZRequestFiles,
});
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
  /** When the customer collects: from today (Cairo) to a year ahead. */
  receivingDate: dayWithin({ min: today, max: () => addYears(today(), 1) }, 'requests.validation.receiving_date_range'),
});
export type TRequestSetBranchRequest = z.infer<typeof ZRequestSetBranchRequest>;

/** POST /customers_requests/move/{id}: the staff member who takes the request (their /requests/tasks). */
export const ZRequestMoveRequest = z.object({ user_id: idField });
export type TRequestMoveRequest = z.infer<typeof ZRequestMoveRequest>;

/**
 * One file the save did not keep: an extra file over 512 KB or of a type its field does not take
 * (SPEC §5: discarded with the size/extension error, the rest of the save goes on).
 */
export const ZRequestSaveProblem = z.object({
  /** The multipart field it came in (signedContract, investment, additionalFile[2]…). */
  field: z.string(),
  file_name: z.string(),
  /** A catalogue key: requests.validation.file_type_size. */
  message: z.string(),
});
export type TRequestSaveProblem = z.infer<typeof ZRequestSaveProblem>;

/**
 * POST /customers_requests/save and /save/{id} (multipart: the text fields of
 * customerRequestFormSchema and the files of SPEC §3). A refused form is a 422 with field errors
 * and changes nothing; an accepted one answers this, with the discarded extra files listed.
 */
export const ZRequestSaveResult = z.object({
  status: z.literal('success'),
  id: z.number().int(),
  code: z.string(),
  errors: z.array(ZRequestSaveProblem),
});
export type TRequestSaveResult = z.infer<typeof ZRequestSaveResult>;

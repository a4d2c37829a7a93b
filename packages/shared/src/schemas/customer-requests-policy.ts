import { holds, type Viewer } from '../policy.js';
import type { Machine } from '../workflow.js';
import { REQUEST_STATUS_IDS } from './request-ids.js';

/**
 * The customer service request's workflow (SPEC §4, §6; DESIGN §2): nine statuses and the
 * transitions between them, as data the server applies and the UI derives its buttons from.
 * "Branched" is a badge (a branch and receiving date are set), never a status. Ids and codes are
 * those of the status lookup (request-lookups.ts).
 */
export const REQUEST_STATUSES = [
  1, 2, 3, 4, 5, 6, 7, 8, 9,
] as const satisfies readonly (typeof REQUEST_STATUS_IDS)[keyof typeof REQUEST_STATUS_IDS][];
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The type field of POST /customers_requests/action/{id} (SPEC §4, §7). */
export const REQUEST_ACTIONS = ['next', 'next-for-pay', 'reject', 'cancel', 'reset'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/** What the machine needs of a request to decide who may act on it. */
export type RequestRecord = {
  created_by: number;
  /** The request's last rejection reason is a final decision (no resubmission after it). */
  rejection_final: boolean;
};

const { draft, submitted, reviewed, accepted, paid, ready, delivered, rejected, canceled } = REQUEST_STATUS_IDS;

const isCreator = (viewer: Viewer, record: RequestRecord) => viewer.id === record.created_by;

export const REQUEST_MACHINE: Machine<RequestStatus, RequestAction, RequestRecord> = {
  name: 'customer_request',
  namespace: 'requests',
  ownerOf: (r) => r.created_by,
  transitions: [
    // `next` is one button with a different meaning, and a different permission, in each state.
    { action: 'next', from: [draft], to: submitted, who: [{ owner: true }] },
    { action: 'next', from: [submitted], to: reviewed, who: [{ permission: 'review_requests' }] },
    // Accepting fixes the fee, so it has its own action with the payment dialog's input.
    { action: 'next-for-pay', from: [reviewed], to: accepted, who: [{ permission: 'accept_requests' }] },
    { action: 'next', from: [accepted], to: paid, who: [{ permission: 'setpaid_requests' }] },
    { action: 'next', from: [paid], to: ready, who: [{ permission: 'setready_requests' }] },
    { action: 'next', from: [ready], to: delivered, who: [{ permission: 'setdelivered_requests' }] },
    // Resubmitting after an edit; a final decision closes the request for good.
    {
      action: 'next',
      from: [rejected],
      to: submitted,
      who: [{ rule: (viewer, record) => isCreator(viewer, record) && !record.rejection_final }],
    },
    {
      action: 'reject',
      from: [submitted, reviewed, accepted, paid, ready],
      to: rejected,
      who: [{ permission: 'reject_requests' }],
    },
    // A creator may withdraw what nobody has seen yet; past the draft it is a staff decision.
    { action: 'cancel', from: [draft], to: canceled, who: [{ owner: true }, { permission: 'cancel_requests' }] },
    {
      action: 'cancel',
      from: [submitted, reviewed, accepted, paid, ready, delivered, rejected],
      to: canceled,
      who: [{ permission: 'cancel_requests' }],
    },
    {
      action: 'reset',
      from: [submitted, reviewed, accepted, paid, ready, delivered, rejected, canceled],
      to: draft,
      who: [{ permission: 'admin_requests' }],
    },
  ],
};

/** Statuses whose form may be saved again: a draft, and a rejection that is not final. */
export function isEditableStatus(status: RequestStatus, rejectionFinal: boolean): boolean {
  return status === draft || (status === rejected && !rejectionFinal);
}

/**
 * Who may do what to a request beside its status changes (SPEC §6). Editing: the creator, or
 * edit_requests ("editing any request" means anyone's request, not any status: a request under
 * review or paid for keeps the data it was judged on).
 */
export const requestPolicy = {
  /** The whole list (/requests), view and cancel buttons: show_requests or admin_requests. */
  list: (viewer: Viewer) => holds(viewer, 'show_requests') || holds(viewer, 'admin_requests'),
  /** One request and its documents: its creator, or staff who may list requests. */
  view: (viewer: Viewer, record: RequestRecord) => isCreator(viewer, record) || requestPolicy.list(viewer),
  edit: (viewer: Viewer, record: RequestRecord & { status: RequestStatus }) =>
    (isCreator(viewer, record) || holds(viewer, 'edit_requests')) &&
    isEditableStatus(record.status, record.rejection_final),
  /** Restore after a soft remove (SPEC §6). */
  restore: (viewer: Viewer) => holds(viewer, 'admin_requests'),
  /** Assign to a staff member (SPEC §4: move_requests). */
  move: (viewer: Viewer) => holds(viewer, 'move_requests'),
} as const;

/** The edit form shows its own next button only while the request is not submitted (SPEC §4). */
export function showsNextInForm(status: RequestStatus): boolean {
  return status !== submitted;
}

export const REQUEST_NOTE_MAX_LENGTH = 500;
export const PAYMENT_REFERENCE_MAX_LENGTH = 100;
/** A fee above this is a typing slip, not a certificate's price. */
export const PAYMENT_AMOUNT_MAX = 1_000_000;

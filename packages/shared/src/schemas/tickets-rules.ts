import { FILE_SIZE_LIMIT_BYTES } from '../constants.js';
import type { Permission } from '../permissions.js';
import { holds, type Viewer } from '../policy.js';
import type { Machine } from '../workflow.js';

// Zod-free (like customer-requests-rules.ts): the ticket screens import these without zod, which
// their forms load when they open (DESIGN §5). tickets.ts re-exports them with the request schemas.

/**
 * Help-desk tickets (SPEC §1 "help-desk tickets", §7 ticket calls; docs/decisions/0022-staff-tools.md
 * "Help desk and contact messages"): a signed-in user opens a ticket with a subject and a first
 * message, and the ticket becomes a conversation with the support staff. Status 0 open (waiting for
 * staff), 1 answered (waiting for the customer), 2 closed (takes no more replies).
 */
export const TICKET_STATUS = { open: 0, answered: 1, closed: 2 } as const;
export const TICKET_STATUSES = [0, 1, 2] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** reply: the owner writes (the ticket waits for staff again); answer: staff write; close: either side. */
export const TICKET_ACTIONS = ['reply', 'answer', 'close'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

export const TICKET_SUBJECT_MAX_LENGTH = 150;
export const TICKET_MESSAGE_MAX_LENGTH = 5000;
/** One attachment a message, SPEC §5 upload rules: pdf, png, jpg/jpeg, at most 512 KB. */
export const TICKET_FILE_MAX_BYTES = FILE_SIZE_LIMIT_BYTES;
export const TICKET_FILE_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg'] as const;
export const TICKET_FILE_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export type TicketRecord = { user_id: number };

const ANSWER: Permission = 'tickets.put';

/**
 * Who may do what to a ticket, as data (DESIGN §6): the server checks a reply or a close with it,
 * and the screens show the actions it allows (the `actions` of every ticket). A staff member who
 * opened a ticket of their own writes in it as its owner.
 */
export const TICKET_MACHINE: Machine<TicketStatus, TicketAction, TicketRecord> = {
  name: 'ticket',
  namespace: 'tickets',
  ownerOf: (r) => r.user_id,
  transitions: [
    { action: 'reply', from: [0, 1], to: 0, who: [{ owner: true }] },
    {
      action: 'answer',
      from: [0, 1],
      to: 1,
      who: [{ rule: (viewer, r) => viewer.id !== r.user_id && holds(viewer, ANSWER) }],
    },
    { action: 'close', from: [0, 1], to: 2, who: [{ owner: true }, { permission: ANSWER }] },
  ],
};

export const ticketPolicy = {
  /** The whole list and any ticket: tickets.index; everyone else their own tickets only. */
  list: (viewer: Viewer) => holds(viewer, 'tickets.index'),
  /** One ticket (its conversation and attachments): its owner or tickets.index; others read 404. */
  view: (viewer: Viewer, record: TicketRecord) => viewer.id === record.user_id || holds(viewer, 'tickets.index'),
} as const;

/** Contact messages from guests (contacts.ts): their limits, for the forms without zod. */
export const CONTACT_SUBJECT_MAX_LENGTH = 150;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

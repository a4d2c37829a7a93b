import type { TListPage } from '@portal/shared/schemas/list';
import {
  TICKET_MACHINE,
  type TicketAction,
  type TTicket,
  type TTicketDetail,
  type TTicketListRequest,
  ticketPolicy,
  ZTicketOpenRequest,
  ZTicketReplyRequest,
} from '@portal/shared/schemas/tickets';
import { mayTake, transitionOf } from '@portal/shared/workflow';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, type TxContext, viewerOf } from '../../lib/context.js';
import { pageWindow } from '../../lib/list.js';
import type { FileStorage } from '../../lib/storage.js';
import { notifyUser } from '../notifications/notifications.repository.js';
import { tellMember } from '../notifications/tell-member.js';
import { readTicketForm, type TicketAttachment } from './ticket-upload.js';
import {
  findTicketDetail,
  insertMessage,
  listTickets as listRows,
  messageAttachment,
  ticketState,
} from './tickets.repository.js';

/**
 * Help-desk tickets (SPEC §7 ticket calls; docs/decisions/0022-staff-tools.md "Help desk and
 * contact messages"). A ticket is seen by its owner and by tickets.index; anyone else reads 404.
 * Who may reply or close, and what the status becomes, is TICKET_MACHINE (packages/shared). Files
 * are stored before the transaction and deleted again if it fails; a status change and its message
 * are written in one transaction, and the owner hears of a staff answer in the bell and by mail.
 */

/** The bell's and the mail's link: the ticket's page in the web app. */
const ticketLink = (id: number) => `/tickets/${id}`;
/** The mail quotes the answer up to this many characters (the page has it whole). */
const QUOTE_MAX = 500;

const closed = () => new AppError(409, 'tickets.errors.closed');

export async function listTickets(ctx: AppContext, query: TTicketListRequest): Promise<TListPage<TTicket>> {
  const viewer = viewerOf(ctx);
  const ownerId = ticketPolicy.list(viewer) ? null : viewer.id;
  return listRows(ctx.db, query, pageWindow(query.page, query.perPage), viewer, ownerId);
}

export async function getTicket(ctx: AppContext, id: number): Promise<TTicketDetail> {
  const viewer = viewerOf(ctx);
  const found = await findTicketDetail(ctx.db, id, viewer);
  if (!found || !ticketPolicy.view(viewer, { user_id: found.user.id })) throw AppError.notFound();
  return found;
}

/** PUT /ticket/tickets: a ticket (open) and its first message, with the attachment if one was sent. */
export async function openTicket(
  ctx: AppContext,
  storage: FileStorage,
  request: FastifyRequest,
): Promise<TTicketDetail> {
  const viewer = viewerOf(ctx);
  const { input, file } = await readTicketForm(request, storage, ZTicketOpenRequest);
  try {
    const id = await inTransaction(ctx, async (tx) => {
      const [row] = rowsOf<{ id: number }>(
        await tx.db.execute(sql`insert into tickets (user_id, subject, status) values (${viewer.id}, ${input.subject}, 0)
          returning id`),
      );
      if (!row) throw new Error('ticket insert returned nothing');
      const ticketId = Number(row.id);
      await insertMessage(tx.db, {
        ticketId,
        authorId: viewer.id,
        fromStaff: false,
        body: input.message,
        file: attachmentColumns(file),
      });
      return ticketId;
    });
    return getTicket(ctx, id);
  } catch (error) {
    if (file) await storage.delete(file.key);
    throw error;
  }
}

function attachmentColumns(file: TicketAttachment | null) {
  return file ? { key: file.key, name: file.name, mime: file.mime, size: file.size } : null;
}

/**
 * Which reply the caller would write on this ticket: `reply` as its owner, `answer` as staff with
 * tickets.put. Whoever may not see the ticket reads 404; a closed ticket is a 409; one they may see
 * but not answer (tickets.index alone), 403.
 */
function replyAction(ctx: AppContext, state: Awaited<ReturnType<typeof ticketState>>): TicketAction {
  const viewer = viewerOf(ctx);
  if (!state || !ticketPolicy.view(viewer, state)) throw AppError.notFound();
  const action: TicketAction = viewer.id === state.user_id ? 'reply' : 'answer';
  const transition = transitionOf(TICKET_MACHINE, action);
  if (!transition || !mayTake(TICKET_MACHINE, transition, viewer, state)) throw AppError.forbidden();
  if (!transition.from.includes(state.status)) throw closed();
  return action;
}

/**
 * POST /ticket/add/{id}: a message by the owner (the ticket waits for staff again: open) or by staff
 * holding tickets.put (answered, and the owner is told). Rights and the status are checked before
 * the body is read, so a refused caller never has a byte stored, and again under the row's lock.
 */
export async function replyToTicket(
  ctx: AppContext,
  storage: FileStorage,
  request: FastifyRequest,
  id: number,
): Promise<TTicketDetail> {
  const viewer = viewerOf(ctx);
  replyAction(ctx, await ticketState(ctx.db, id, false));
  const { input, file } = await readTicketForm(request, storage, ZTicketReplyRequest);
  try {
    await inTransaction(ctx, async (tx) => {
      const state = await ticketState(tx.db, id, true);
      const action = replyAction(tx, state);
      const transition = transitionOf(TICKET_MACHINE, action);
      if (!state || !transition) throw AppError.notFound();
      const updated = rowsOf<{ id: number }>(
        await tx.db.execute(sql`update tickets set status = ${transition.to}, last_message_at = now(), updated_at = now()
          where id = ${id} and status in (0, 1) returning id`),
      );
      if (updated.length !== 1) throw closed();
      await insertMessage(tx.db, {
        ticketId: id,
        authorId: viewer.id,
        fromStaff: action === 'answer',
        body: input.message,
        file: attachmentColumns(file),
      });
      // The owner hears of an answer (bell and e-mail); a customer's reply reaches the staff member
      // who answered last (bell only), and shows as an open ticket in the staff list.
      if (action === 'reply') await tellLastAnswerer(tx, id, state.subject);
      if (action === 'answer') {
        const quote = [...input.message];
        await tellMember(tx, state.user_id, {
          type: 'ticket_answered',
          link: ticketLink(id),
          values: {
            subject: state.subject,
            note: quote.length > QUOTE_MAX ? `${quote.slice(0, QUOTE_MAX).join('')}…` : input.message,
          },
        });
      }
    });
  } catch (error) {
    if (file) await storage.delete(file.key);
    throw error;
  }
  return getTicket(ctx, id);
}

/** The staff member who answered the ticket last, still an active account, hears of the customer's reply. */
async function tellLastAnswerer(tx: TxContext, ticketId: number, subject: string): Promise<void> {
  const [last] = rowsOf<{ author_id: number; owner: string }>(
    await tx.db.execute(sql`select m.author_id, o.name as owner
      from ticket_messages m
      join users a on a.id = m.author_id and a.deleted_at is null and a.active
      join tickets t on t.id = m.ticket_id
      join users o on o.id = t.user_id
      where m.ticket_id = ${ticketId} and m.from_staff
      order by m.id desc limit 1`),
  );
  if (!last) return;
  await notifyUser(tx, Number(last.author_id), {
    type: 'ticket_replied',
    titleKey: 'notifications.types.ticket_replied.title',
    messageKey: 'notifications.types.ticket_replied.message',
    params: { subject, name: last.owner },
    link: ticketLink(ticketId),
  });
}

/** POST /ticket/close/{id}: the owner or tickets.put; a closed ticket stays as it is (409). */
export async function closeTicket(ctx: AppContext, id: number): Promise<TTicketDetail> {
  const viewer = viewerOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const state = await ticketState(tx.db, id, true);
    if (!state || !ticketPolicy.view(viewer, state)) throw AppError.notFound();
    const transition = transitionOf(TICKET_MACHINE, 'close');
    if (!transition || !mayTake(TICKET_MACHINE, transition, viewer, state)) throw AppError.forbidden();
    if (!transition.from.includes(state.status)) throw closed();
    await tx.db.execute(sql`update tickets set status = ${transition.to}, closed_at = now(), closed_by = ${viewer.id},
        updated_at = now()
      where id = ${id}`);
    // Closed by staff, the owner learns it in the bell (a ticket they close themselves needs no word).
    if (state.user_id !== viewer.id) {
      await notifyUser(tx, state.user_id, {
        type: 'ticket_closed',
        titleKey: 'notifications.types.ticket_closed.title',
        messageKey: 'notifications.types.ticket_closed.message',
        params: { subject: state.subject },
        link: ticketLink(id),
      });
    }
  });
  return getTicket(ctx, id);
}

/** An attachment, to whoever may see its ticket; anyone else (and a message without one) reads 404. */
export async function readTicketAttachment(ctx: AppContext, storage: FileStorage, ticketId: number, messageId: number) {
  const viewer = viewerOf(ctx);
  const row = await messageAttachment(ctx.db, ticketId, messageId);
  const allowed =
    row !== undefined && row.file_key !== null && ticketPolicy.view(viewer, { user_id: Number(row.user_id) });
  const stored = allowed && row.file_key ? await storage.get(row.file_key) : undefined;
  if (!row || !stored) throw AppError.notFound();
  return { ...stored, name: row.file_name ?? 'file', mime: row.file_mime ?? stored.mime };
}

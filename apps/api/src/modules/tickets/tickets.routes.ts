import { translate } from '@portal/shared/messages';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import {
  ZTicket,
  ZTicketDetail,
  ZTicketListRequest,
  ZTicketOpenRequest,
  ZTicketReplyRequest,
} from '@portal/shared/schemas/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { ok } from '../../lib/reply.js';
import { type MultipartBody, mediaTypesOf } from '../../plugins/docs.js';
import {
  closeTicket,
  getTicket,
  listTickets,
  openTicket,
  readTicketAttachment,
  replyToTicket,
} from './tickets.service.js';

const ZFileParams = z.object({ id: ZIdParams.shape.id, messageId: ZIdParams.shape.id });

/** A file's name in Content-Disposition: an ASCII fallback and the real name (RFC 5987). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A ticket message's body as readTicketForm reads it (ticket-upload.ts): its text fields and one optional file, or JSON. */
function ticketBody(fields: MultipartBody['fields']): MultipartBody {
  return {
    fields,
    files: { file: { types: mediaTypesOf(['pdf', 'png', 'jpg']), description: 'An attachment of at most 512 KB' } },
    json: true,
  };
}

/**
 * Help-desk tickets (SPEC §7: POST /ticket/tickets, GET /ticket/get/{id}, POST ticket/add/{id};
 * the open, close and download calls are ours, docs/decisions/0022-staff-tools.md). Every call is
 * open to a signed-in user: the ticket decides (its owner, or tickets.index to read and tickets.put
 * to answer and close), and anyone else reads 404.
 */
export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ticket/tickets',
    {
      config: { access: 'authenticated' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['tickets'],
        summary: 'Tickets, paged: all with filters (tickets.index) or the caller’s own',
        body: ZTicketListRequest,
        response: { 200: successSchema(listPageSchema(ZTicket)) },
      },
    },
    async (request) => ok(await listTickets(request.ctx(), request.body)),
  );

  // Multipart (subject, message and an optional `file`) or JSON: read by the service, no body schema here.
  app.put(
    '/ticket/tickets',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['tickets'],
        summary: 'Open a ticket: subject, first message and an optional attachment (pdf/png/jpg ≤ 512 KB)',
        consumes: ['multipart/form-data', 'application/json'],
        multipartBody: ticketBody(ZTicketOpenRequest),
        errors: [404],
        response: { 201: successSchema(ZTicketDetail) },
      },
    },
    async (request, reply) => {
      const opened = await openTicket(request.ctx(), app.storage, request);
      return reply.status(201).send(ok(opened, translate(request.locale, 'tickets.messages.opened')));
    },
  );

  app.get(
    '/ticket/get/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['tickets'],
        summary: 'One ticket with its conversation (oldest first); 404 unless the caller may see it',
        params: ZIdParams,
        response: { 200: successSchema(ZTicketDetail) },
      },
    },
    async (request) => ok(await getTicket(request.ctx(), request.params.id)),
  );

  app.post(
    '/ticket/add/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['tickets'],
        summary:
          'Reply (message + optional attachment): the owner (→ open) or tickets.put (→ answered); 409 when closed',
        consumes: ['multipart/form-data', 'application/json'],
        params: ZIdParams,
        multipartBody: ticketBody(ZTicketReplyRequest),
        errors: [403, 409],
        response: { 200: successSchema(ZTicketDetail) },
      },
    },
    async (request) =>
      ok(
        await replyToTicket(request.ctx(), app.storage, request, request.params.id),
        translate(request.locale, 'tickets.messages.replied'),
      ),
  );

  app.post(
    '/ticket/close/:id',
    {
      config: { access: 'authenticated' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['tickets'],
        summary: 'Close a ticket (its owner or tickets.put); 409 when already closed',
        params: ZIdParams,
        errors: [403, 409],
        response: { 200: successSchema(ZTicketDetail) },
      },
    },
    async (request) =>
      ok(await closeTicket(request.ctx(), request.params.id), translate(request.locale, 'tickets.messages.closed')),
  );

  app.get(
    '/ticket/:id/files/:messageId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['tickets'],
        summary: 'A message’s attachment, always as a download; 404 unless the caller may see the ticket',
        params: ZFileParams,
        produces: mediaTypesOf(['pdf', 'png', 'jpg']),
      },
    },
    async (request, reply) => {
      const file = await readTicketAttachment(request.ctx(), app.storage, request.params.id, request.params.messageId);
      return reply
        .type(file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', attachment(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};

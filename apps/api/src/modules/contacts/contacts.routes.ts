import { translate } from '@portal/shared/messages';
import {
  ZContactCreateRequest,
  ZContactListRequest,
  ZContactMessage,
  ZContactReplyRequest,
} from '@portal/shared/schemas/contacts';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { ok } from '../../lib/reply.js';
import { accountLimits } from '../../plugins/rate-limit.js';
import { answerContact, listContacts, sendContactMessage } from './contacts.service.js';

/** The sender's address as a rate-limit subject (the form's email, as the schema normalized it). */
const byEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email !== '' ? email : null;
};

/**
 * Contact messages (SPEC §7: POST /contacts, POST /contact/{id}; the guest's PUT /contact is ours,
 * docs/decisions/0022-staff-tools.md). The guest's call is public and rate limited like the other
 * guest calls (per address and per email, docs/decisions/0012-rate-limits.md).
 */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/contact',
    {
      config: {
        access: 'public',
        idempotent: true,
        limits: accountLimits(app.env, 'contact', { email: byEmail }),
      },
      schema: {
        tags: ['contacts'],
        summary: 'A guest’s message to the administration (name, email, optional phone, subject, message)',
        body: ZContactCreateRequest,
        response: { 201: successSchema(z.null()) },
      },
    },
    async (request, reply) => {
      await sendContactMessage(request.ctx(), request.body, request.locale);
      return reply.status(201).send(ok(null, translate(request.locale, 'contacts.messages.sent')));
    },
  );

  app.post(
    '/contacts',
    {
      config: { access: 'contacts.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['contacts'],
        summary: 'Contact messages, paged: search (name, email, phone, subject), status and dates',
        body: ZContactListRequest,
        response: { 200: successSchema(listPageSchema(ZContactMessage)) },
      },
    },
    async (request) => ok(await listContacts(request.ctx(), request.body)),
  );

  app.post(
    '/contact/:id',
    {
      config: { access: 'contacts.put' },
      schema: {
        tags: ['contacts'],
        summary: 'Answer a message (once): the answer is emailed to the guest in their language',
        params: ZIdParams,
        body: ZContactReplyRequest,
        errors: [409],
        response: { 200: successSchema(ZContactMessage) },
      },
    },
    async (request) =>
      ok(
        await answerContact(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'contacts.messages.answered'),
      ),
  );
};

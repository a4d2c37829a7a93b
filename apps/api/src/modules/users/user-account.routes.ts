import { translate } from '@portal/shared/messages';
import { ZUserSchema } from '@portal/shared/schemas/auth';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { ZUserActivateRequest, ZUserDocument, ZUserRestoreParams } from '@portal/shared/schemas/user-account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { accountLimits, byUser } from '../../plugins/rate-limit.js';
import { restoreUser, sendResetLink, setUserActive, userDocuments } from './user-account.service.js';

/** The staff's calls on one account (SPEC §7 "user/…"; docs/decisions/0022-staff-tools.md). */
export const userAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/user/activate/:id',
    {
      config: { access: 'users.put' },
      schema: {
        tags: ['users'],
        summary: 'Activate or deactivate an account (never one’s own, never the last administrator)',
        params: ZIdParams,
        body: ZUserActivateRequest,
        errors: [409],
        response: { 200: successSchema(ZUserSchema) },
      },
    },
    async (request) => {
      const user = await setUserActive(request.ctx('users.activate'), request.params.id, request.body.active);
      const message = user.active ? 'users.messages.activated' : 'users.messages.deactivated';
      return ok(user, translate(request.locale, message));
    },
  );

  app.post(
    '/user/restore/:id/:type',
    {
      config: { access: 'admin_users' },
      schema: {
        tags: ['users'],
        summary: 'Restore a deleted account to its list (type user or admin); 409 when its phone or email is taken',
        params: ZUserRestoreParams,
        errors: [409],
        response: { 200: successSchema(ZUserSchema) },
      },
    },
    async (request) =>
      ok(
        await restoreUser(request.ctx('users.restore'), request.params.id, request.params.type),
        translate(request.locale, 'users.messages.restored'),
      ),
  );

  app.post(
    '/user/reset/:id',
    {
      config: {
        access: 'users.put',
        // Each call sends an email: limited per staff member like the other staff mail actions.
        limits: accountLimits(app.env, 'user-reset', { user: byUser }, 'staff'),
      },
      schema: {
        tags: ['users'],
        summary: 'Email the user a link to set a new password',
        params: ZIdParams,
        errors: [409],
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await sendResetLink(request.ctx('users.reset_link'), request.params.id);
      return ok(null, translate(request.locale, 'users.messages.reset_sent'));
    },
  );

  app.get(
    '/user/archive/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'A member’s documents across their service requests (themselves, or show_requests)',
        params: ZIdParams,
        errors: [403],
        response: { 200: successSchema(z.array(ZUserDocument)) },
      },
    },
    async (request) => ok(await userDocuments(request.ctx(), request.params.id)),
  );
};

import { translate } from '@portal/shared/messages';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import {
  ZNotificationItem,
  ZNotificationList,
  ZNotificationListRequestSchema,
  ZNotificationsDeleted,
} from '@portal/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { ok } from '../../lib/reply.js';
import {
  deleteAllNotifications,
  deleteNotification,
  listNotifications,
  seeNotification,
} from './notifications.service.js';
import { openNotificationStream } from './notifications.stream.js';

/**
 * The header bell (SPEC §2, §4, §7): any signed-in user, their own notifications
 * only. Rules: docs/decisions/0007-notifications.md.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/stream',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'Server-Sent Events: `ready` on open, `notification` {id} when one is created for the caller',
        produces: ['text/event-stream'],
        errors: [406, 429],
      },
    },
    (request, reply) => openNotificationStream(app, request, reply),
  );

  app.post(
    '/user/notifications',
    {
      config: { access: 'authenticated' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['notifications'],
        summary: 'The newest notifications of the signed-in user (limit 5, growing by 5), unseen and total counts',
        body: ZNotificationListRequestSchema,
        response: { 200: successSchema(ZNotificationList) },
      },
    },
    async (request) => ok(await listNotifications(request.ctx(), request.body)),
  );

  app.post(
    '/user/notifications/see/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of one’s notifications seen',
        params: ZIdParams,
        response: { 200: successSchema(ZNotificationItem) },
      },
    },
    async (request) => ok(await seeNotification(request.ctx(), request.params.id)),
  );

  app.delete(
    '/notification/delete/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'Delete one of one’s notifications',
        params: ZIdParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteNotification(request.ctx(), request.params.id);
      return ok(null, translate(request.locale, 'notifications.messages.deleted'));
    },
  );

  app.post(
    '/notifications/all/delete',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'Delete all of one’s notifications',
        response: { 200: successSchema(ZNotificationsDeleted) },
      },
    },
    async (request) =>
      ok(await deleteAllNotifications(request.ctx()), translate(request.locale, 'notifications.messages.all_deleted')),
  );
};

import { translate } from '@portal/shared/messages';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZClientSettings, ZSetting, ZSettingChangeRequest, ZSettingParams } from '@portal/shared/schemas/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { accountLimits, byUser } from '../../plugins/rate-limit.js';
import { changeSetting, clientSettings, listSettings } from './settings.service.js';

/**
 * Settings (SPEC §7 "setting/index", "setting/change/{id}"). Both need
 * admin_roles: the administration permission only the admin role holds
 * (docs/decisions/0005-accounts.md says why).
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/setting/index',
    {
      config: { access: 'admin_roles' },
      schema: {
        tags: ['settings'],
        summary: 'Every setting with its value (recovery_mode, …)',
        response: { 200: successSchema(z.array(ZSetting)) },
      },
    },
    async (request) => ok(await listSettings(request.ctx())),
  );

  app.get(
    '/settings/client',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['settings'],
        summary: 'The settings every signed-in screen reads: the request form links and the default page size',
        response: { 200: successSchema(ZClientSettings) },
      },
    },
    async (request) => ok(await clientSettings(request.ctx().db)),
  );

  app.post(
    '/setting/change/:id',
    {
      config: {
        access: 'admin_roles',
        limits: accountLimits(app.env, 'setting', { user: byUser }, 'staff'),
      },
      schema: {
        tags: ['settings'],
        summary: 'Change one setting; id is its key (e.g. recovery_mode, value true/false)',
        params: ZSettingParams,
        body: ZSettingChangeRequest,
        response: { 200: successSchema(ZSetting) },
      },
    },
    async (request) => {
      const setting = await changeSetting(request.ctx(), request.params.id, request.body.value);
      return ok(setting, translate(request.locale, 'messages.success'));
    },
  );
};

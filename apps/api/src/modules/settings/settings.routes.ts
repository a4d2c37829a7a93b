import { translate } from '@portal/shared/messages';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZSetting, ZSettingChangeRequest, ZSettingParams } from '@portal/shared/schemas/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { requireAuth } from '../../plugins/auth.js';
import type { AccountLimiter } from '../accounts/account-limiter.js';
import { changeSetting, listSettings } from './settings.service.js';

/**
 * Settings (SPEC §7 "setting/index", "setting/change/{id}"). Both need
 * admin_roles: the administration permission only the admin role holds
 * (docs/decisions/0005-accounts.md says why).
 */
export function settingsRoutes(deps: { limiter: AccountLimiter }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/setting/index',
      {
        config: { permission: 'admin_roles' },
        schema: {
          tags: ['settings'],
          summary: 'Every setting with its value (recovery_mode, …)',
          response: { 200: successSchema(z.array(ZSetting)) },
        },
      },
      async () => ok(await listSettings(app.db)),
    );

    app.post(
      '/setting/change/:id',
      {
        config: { permission: 'admin_roles' },
        schema: {
          tags: ['settings'],
          summary: 'Change one setting; id is its key (e.g. recovery_mode, value true/false)',
          params: ZSettingParams,
          body: ZSettingChangeRequest,
          response: { 200: successSchema(ZSetting) },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        deps.limiter.hit('setting', [`user:${auth.userId}`], request.ip, 'staff');
        const setting = await changeSetting(app.db, request.params.id, request.body.value, request.actor());
        return ok(setting, translate(request.locale, 'messages.success'));
      },
    );
  };
}

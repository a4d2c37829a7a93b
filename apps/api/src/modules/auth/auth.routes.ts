import { ZLoginRequestSchema, ZLoginResponseData } from '@portal/shared/schemas/auth';
import { successSchema } from '@portal/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { requireAuth } from '../../plugins/auth.js';
import { type AuthDeps, login, logout } from './auth.service.js';

export function authRoutes(deps: AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Log in with phone and password',
          body: ZLoginRequestSchema,
          response: { 200: successSchema(ZLoginResponseData) },
        },
      },
      async (request) => ok(await login(deps, request.body, request.actor(), request.headers['user-agent'] ?? null)),
    );

    app.post(
      '/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Revoke the current token',
          response: { 200: successSchema(z.null()) },
        },
      },
      async (request) => {
        await logout(deps.db, requireAuth(request).sessionId, request.actor());
        return ok(null);
      },
    );
  };
}

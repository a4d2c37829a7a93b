import { ZLoginRequestSchema, ZLoginResponseData } from '@portal/shared/schemas/auth';
import { successSchema } from '@portal/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../lib/context.js';
import { ok } from '../../lib/reply.js';
import { type LoginThrottle, login, logout } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const windowSeconds = app.env.LOGIN_WINDOW_MINUTES * 60;
  const throttle: LoginThrottle = {
    pair: app.rateCounter('login:pair', { max: app.env.LOGIN_MAX_FAILURES, windowSeconds }),
    address: app.rateCounter('login:ip', { max: app.env.LOGIN_IP_MAX_FAILURES, windowSeconds }),
    phone: app.rateCounter('login:phone', { max: app.env.LOGIN_MAX_FAILURES, windowSeconds }),
    successes: app.rateCounter('login:ok', { max: 1_000_000, windowSeconds }),
    delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with phone and password',
        body: ZLoginRequestSchema,
        errors: [401, 403, 429],
        response: { 200: successSchema(ZLoginResponseData) },
      },
    },
    async (request) => ok(await login(request.ctx(), throttle, request.body, request.headers['user-agent'] ?? null)),
  );

  app.post(
    '/logout',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current token',
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      const ctx = request.ctx();
      await logout(ctx, callerOf(ctx).sessionId);
      return ok(null);
    },
  );
};

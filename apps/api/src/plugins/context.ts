import type { NamedAuditAction } from '@portal/shared/audit-actions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.js';
import { SYSTEM_ACTOR } from '../db/transaction.js';
import { clock } from '../lib/clock.js';
import type { AppContext } from '../lib/context.js';
import { redactUrl } from '../lib/redact.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The context services receive (lib/context.ts), for this request's caller; `action` names the audit action. */
    ctx(action?: NamedAuditAction): AppContext;
  }
  interface FastifyInstance {
    /** A context for work no request started (seed, jobs, scripts), acting as the system. */
    systemContext(action?: NamedAuditAction): AppContext;
  }
}

/** Builds the per-request AppContext from what the auth and errors plugins resolved. */
export const contextPlugin = fp(async (app: FastifyInstance, opts: { env: Env }) => {
  app.decorateRequest('ctx', function ctx(this: FastifyRequest, action?: NamedAuditAction): AppContext {
    return {
      db: app.db,
      caller: this.auth,
      clock,
      locale: this.locale,
      env: opts.env,
      jobs: app.jobs,
      sessions: app.sessionCache,
      events: app.liveEvents,
      log: this.log,
      actor: {
        userId: this.auth?.userId ?? null,
        // Reset and activation tokens travel in URLs (SPEC §7): never in the audit log.
        url: redactUrl(this.url.slice(0, 2000)),
        method: this.method,
        ip: this.ip,
        requestId: String(this.id),
        ...(action ? { action } : {}),
      },
    };
  });
  app.decorate(
    'systemContext',
    (action?: NamedAuditAction): AppContext => ({
      db: app.db,
      caller: null,
      clock,
      locale: 'ar',
      env: opts.env,
      jobs: app.jobs,
      sessions: app.sessionCache,
      events: app.liveEvents,
      log: app.log,
      actor: action ? { ...SYSTEM_ACTOR, action } : SYSTEM_ACTOR,
    }),
  );
});

import type { Permission } from '@portal/shared/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActorContext } from '../db/transaction.js';
import { AppError } from '../lib/app-error.js';
import { hashToken } from '../lib/tokens.js';
import { findLiveSession } from '../modules/auth/sessions.repository.js';
import { effectivePermissions, findUserAccess } from '../modules/users/users.repository.js';

export type AuthState = {
  userId: number;
  sessionId: number;
  userType: string;
  permissions: Set<Permission>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, health, the SPA). */
    public?: boolean;
    /** The SPEC §6 permission this route needs; checked before the body is read. */
    permission?: Permission;
  }
  interface FastifyRequest {
    auth: AuthState | null;
    /** The acting user and request, for the audit trigger. */
    actor(action?: string): ActorContext;
  }
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * One guard for every route: resolves the bearer token, then applies the route's
 * `config.public` / `config.permission`. Runs on onRequest, so a caller without
 * access learns nothing about the body's validity.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('actor', function actor(this: FastifyRequest, action?: string): ActorContext {
    return {
      userId: this.auth?.userId ?? null,
      url: this.url.slice(0, 2000),
      method: this.method,
      ip: this.ip,
      requestId: String(this.id),
      ...(action ? { action } : {}),
    };
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const token = bearerToken(request.headers.authorization);
    if (token) {
      const session = await findLiveSession(app.db, hashToken(token));
      if (session) {
        const access = await findUserAccess(app.db, session.userId);
        request.auth = {
          userId: session.userId,
          sessionId: session.sessionId,
          userType: session.userType,
          permissions: effectivePermissions(access),
        };
      }
    }
    if (request.is404 || config.public) return;
    if (!request.auth) throw AppError.unauthenticated();
    if (config.permission && !request.auth.permissions.has(config.permission)) throw AppError.forbidden();
  });
});

/** For handlers behind the guard: the session is there by construction. */
export function requireAuth(request: FastifyRequest): AuthState {
  if (!request.auth) throw AppError.unauthenticated();
  return request.auth;
}

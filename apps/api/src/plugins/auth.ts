import { isPermission, type Permission } from '@portal/shared/permissions';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { LruMap } from 'toad-cache';
import { sessions } from '../db/schema/sessions.js';
import { users } from '../db/schema/users.js';
import { AppError } from '../lib/app-error.js';
import { clock } from '../lib/clock.js';
import type { Caller } from '../lib/context.js';
import { hashToken } from '../lib/tokens.js';

/**
 * Who may call a route (docs/decisions/0008-access-policy.md): anyone (`public`),
 * any signed-in user (`authenticated`, said explicitly), or a holder of one
 * permission of SPEC §6. Object rules ("oneself or users.view") live in
 * packages/shared/src/policy.ts and are applied by the service.
 */
export type RouteAccess = 'public' | 'authenticated' | Permission;

/**
 * Resolved sessions kept for a few seconds (docs/decisions/0008): most requests then cost no
 * authentication query at all. Every change to who may do what — logout, a revoked or expired
 * session, a password change, a user disabled or deleted, roles or permissions changed —
 * clears it after its commit (`accessChanged` in lib/context.ts), so on this instance a change
 * applies to the very next request; another instance sees it within AUTH_CACHE_SECONDS.
 */
export type SessionCache = {
  /** Forget every resolved session (after a commit that changed access). */
  clear(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
  interface FastifyContextConfig {
    /** Required on every /api/v1 route; a route without it fails at start-up. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in caller, or null. */
    auth: Caller | null;
  }
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** onRoute hook for the /api/v1 scope: every route states its access, or the server does not start. */
export function requireDeclaredAccess(route: RouteOptions): void {
  const access = route.config?.access;
  const valid = access === 'public' || access === 'authenticated' || (access !== undefined && isPermission(access));
  if (!valid) {
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(
      `${methods} ${route.url} declares no valid access (config.access: 'public' | 'authenticated' | a permission)`,
    );
  }
}

/** Until when a resolved session may be reused: the cache time, but never past the session's own expiry. */
export function cachedUntil(nowMs: number, cacheSeconds: number, sessionSecondsLeft: number): number {
  return nowMs + Math.min(cacheSeconds * 1000, Math.max(0, sessionSecondsLeft * 1000));
}

/**
 * One query per request resolves a bearer token: the live session, its user
 * (active, not deleted) and the user's effective permissions (roles' and direct).
 */
function prepareSessionLookup(app: FastifyInstance, cacheSeconds: number) {
  // json, not text[]: parsed by JSON.parse rather than postgres-array (users.repository.ts).
  const permissionNames = sql<string[] | null>`(select json_agg(p.name order by p.id) from permissions p
    where p.id in (
      select rp.permission_id from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
        where ur.user_id = "users"."id"
      union
      select up.permission_id from user_permissions up where up.user_id = "users"."id"))`;
  const query = app.db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      userType: users.type,
      permissions: permissionNames,
      // Seconds the session has left: a cached entry never outlives it.
      secondsLeft: sql<number>`extract(epoch from (${sessions.expiresAt} - now()))::float8`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
        eq(users.active, true),
      ),
    )
    .prepare('auth_session_lookup');
  const cache = new LruMap<{ caller: Caller; until: number }>(20_000);
  // Bumped by clear(): a lookup that started before a change never caches what it read.
  let generation = 0;
  const lookup = async (tokenHash: string): Promise<Caller | null> => {
    const now = clock.now().getTime();
    const hit = cacheSeconds > 0 ? cache.get(tokenHash) : undefined;
    if (hit && hit.until > now) return hit.caller;
    const started = generation;
    const [row] = await query.execute({ tokenHash });
    if (!row) return null;
    const names = Array.isArray(row.permissions) ? row.permissions : [];
    const caller: Caller = {
      userId: row.userId,
      sessionId: row.sessionId,
      userType: row.userType === 'admin' ? 'admin' : 'user',
      permissions: new Set(names.filter(isPermission)),
    };
    if (cacheSeconds > 0 && started === generation) {
      cache.set(tokenHash, { caller, until: cachedUntil(now, cacheSeconds, Number(row.secondsLeft)) });
    }
    return caller;
  };
  const clear = () => {
    generation += 1;
    cache.clear();
  };
  return { lookup, clear };
}

/**
 * One guard for every route: resolves the bearer token, then applies the route's
 * declared access. Runs on onRequest, so a caller without access learns nothing
 * about the body's validity.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { cacheSeconds: number }) => {
  app.decorateRequest('auth', null);
  const { lookup, clear } = prepareSessionLookup(app, opts.cacheSeconds);
  app.decorate('sessionCache', { clear });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (token) request.auth = await lookup(hashToken(token));
    const access = request.routeOptions.config?.access;
    // Unknown routes (the 404 handler, the SPA, the docs) declare nothing and guard nothing.
    if (request.is404 || access === undefined || access === 'public') return;
    if (!request.auth) throw AppError.unauthenticated();
    if (access !== 'authenticated' && !request.auth.permissions.has(access)) throw AppError.forbidden();
  });
});

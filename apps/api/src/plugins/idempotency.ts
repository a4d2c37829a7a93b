import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_TTL, idempotencyKeys } from '../db/schema/idempotency.js';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A create call: an Idempotency-Key header makes a retry answer like the first call. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

const KEY = /^[A-Za-z0-9._:-]{8,100}$/;

/** JSON with every object's keys in order: the same body sent with its fields in another order is the same request. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/**
 * What makes two calls "the same request" for a key: the method, the URL (its path ids and query)
 * and the body as validated (so Arabic digits and their Latin twins, or a reordered body, match).
 */
function requestHashOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(canonicalJson([request.method, request.url, request.body ?? null]))
    .digest('hex');
}

/**
 * Idempotent creates (issue 9, docs/decisions/0019-idempotency.md): a client sends `Idempotency-Key` with a
 * create call; the first call runs and its answer is kept for a day; a retry with the same key
 * (a double click, a network retry) gets that answer back, with `Idempotency-Replayed: true`,
 * and creates nothing; a retry while the first still runs gets 409. A failed first call keeps
 * nothing, so the same key may try again. A claim left by an instance killed mid-call (no answer
 * after `leaseSeconds`: IDEMPOTENCY_CLAIM_LEASE_SECONDS) is taken over by the next retry, which
 * runs the call again: a create whose transaction did commit before the kill then meets its own
 * record (a unique constraint: the day is taken) rather than making a second one (docs/decisions/0023).
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { leaseSeconds: number }) => {
  const lease = sql`make_interval(secs => ${opts.leaseSeconds})`;
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config?.idempotent) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY.test(header)) {
      throw AppError.validation([{ field: 'Idempotency-Key', key: 'validation.invalid_value' }]);
    }
    const scope = request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`;
    const route = `${request.method} ${request.routeOptions.url}`;
    const requestHash = requestHashOf(request);
    const claimed = await app.db
      .insert(idempotencyKeys)
      .values({ key: header, scope, route, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotency = { scope, key: header };
      // Keys older than a day go, a few at a time, as new ones come.
      await app.db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql`now() - ${IDEMPOTENCY_TTL}`))
        .catch(() => undefined);
      return;
    }
    const [first] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, header)));
    // Another request under a used key (Stripe's rule): refused, never answered with the first one's record.
    if (!first || first.route !== route || (first.requestHash !== null && first.requestHash !== requestHash)) {
      throw AppError.validation([{ field: 'Idempotency-Key', key: 'errors.idempotency_reused' }]);
    }
    if (first.status === null) {
      const [abandoned] = await app.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now()` })
        .where(
          and(
            eq(idempotencyKeys.scope, scope),
            eq(idempotencyKeys.key, header),
            isNull(idempotencyKeys.status),
            lt(idempotencyKeys.createdAt, sql`now() - ${lease}`),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (!abandoned) throw AppError.conflict('errors.request_in_progress');
      request.idempotency = { scope, key: header };
      return;
    }
    return reply.code(first.status).header('idempotency-replayed', 'true').send(first.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = and(
      eq(idempotencyKeys.scope, claim.scope),
      eq(idempotencyKeys.key, claim.key),
      isNull(idempotencyKeys.status),
    );
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await app.db
        .update(idempotencyKeys)
        .set({ status: reply.statusCode, body: JSON.parse(payload) })
        .where(where);
    } else {
      await app.db.delete(idempotencyKeys).where(where);
    }
    return payload;
  });
});

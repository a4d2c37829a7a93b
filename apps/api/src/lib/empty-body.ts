import type { FastifyRequest } from 'fastify';

/**
 * preValidation hook for list calls whose every field has a default: a POST
 * without a body (SPEC §7 calls `POST /roles` bare) reads as `{}` instead of
 * failing validation.
 */
export async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

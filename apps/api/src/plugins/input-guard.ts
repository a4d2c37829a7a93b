import { CONTROL_CHARACTERS } from '@portal/shared/schemas/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/** The path of the first string holding a control character, or undefined. */
function findControl(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? path : undefined;
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL_CHARACTERS.test(key)) return path ? `${path}.${key.replace(CONTROL_CHARACTERS, '?')}` : '?';
    const found = findControl(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The last line behind the shared field schemas (packages/shared/src/schemas/fields.ts):
 * no control character (NUL, escape, …) in any body, query or path value reaches a
 * handler or the database, on any route, old or new. PostgreSQL refuses NUL in text,
 * which was a 500; here it is a 422 naming the field.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const field = findControl(request.params, '') ?? findControl(request.query, '') ?? findControl(request.body, '');
    if (field !== undefined) {
      throw AppError.validation([{ ...(field ? { field } : {}), key: 'validation.control_characters' }]);
    }
  });
});

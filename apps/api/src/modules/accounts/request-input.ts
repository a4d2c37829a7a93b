import type { FastifyRequest } from 'fastify';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * SPEC §7 sends forgot-password and resetPassword fields as query parameters;
 * a JSON or form body is accepted too. Body fields win over query ones. Runs
 * before validation, so the route's body schema checks the merged fields.
 */
export async function mergeQueryIntoBody(request: FastifyRequest): Promise<void> {
  const query = isPlainObject(request.query) ? request.query : {};
  if (request.body === undefined || request.body === null) request.body = { ...query };
  else if (isPlainObject(request.body)) request.body = { ...query, ...request.body };
}

/**
 * SPEC §7 sends the recovery data as multipart; its text fields become the
 * body the schema validates (JSON is accepted as is). Files carry nothing
 * here and are drained unread.
 */
export async function multipartFieldsToBody(request: FastifyRequest): Promise<void> {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) return;
  if (isPlainObject(request.body)) return;
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fields: 40, fieldSize: 8 * 1024, files: 5 } })) {
    if (part.type === 'file') {
      for await (const _ of part.file) {
        // Drained: a recovery form has no files.
      }
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  request.body = fields;
}

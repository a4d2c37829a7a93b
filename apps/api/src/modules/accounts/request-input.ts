import type { FastifyRequest } from 'fastify';
import type { ActorContext } from '../../db/transaction.js';

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

/** Query parameters and path segments that carry secrets (reset and activation tokens, passwords, codes). */
const SECRET_QUERY = /([?&](?:token|password|confirm_password|code)=)[^&#]*/gi;
const SECRET_PATH = /(\/(?:activation|recoveryactivation)\/)[^/?#]+/gi;

/** A URL with its secrets replaced, safe for logs and the audit trail. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/** The request's actor for the audit trigger, its URL without secrets. */
export function accountActor(request: FastifyRequest, action?: string): ActorContext {
  const actor = request.actor(action);
  return { ...actor, url: actor.url === null ? null : redactUrl(actor.url) };
}

/**
 * Fastify's request log line, with the URL redacted (app.ts logger serializer):
 * the same fields as Fastify's default serializer.
 */
export function requestLogSerializer(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

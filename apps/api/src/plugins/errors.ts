import { DEFAULT_LOCALE, type Locale } from '@portal/shared/constants';
import { isMessageKey, translate } from '@portal/shared/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../lib/app-error.js';
import { pgErrorInfo } from '../lib/db-errors.js';
import { localeFromHeader } from '../lib/locale.js';
import { clientRequestId } from '../lib/request-log.js';
import { type SecurityHeaders, setSecurityHeaders } from '../lib/security-headers.js';
import { recordSecurityEvent, type SecurityEvent } from '../lib/security-log.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of messages in this response (Accept-Language; ar by default). */
    locale: Locale;
  }
}

type Envelope = { status: 'error'; code: string; message: string; errors: { title: string; field?: string }[] };

function envelope(
  locale: Locale,
  key: string,
  params: Record<string, string | number>,
  fields: FieldError[],
): Envelope {
  return {
    status: 'error',
    // Both wordings of a throttle are one code to a client.
    code: key.replace(/^errors\./, '').replace(/^too_many_requests_minutes$/, 'too_many_requests'),
    message: translate(locale, key, params),
    errors: fields.map((f) => ({
      title: translate(locale, isMessageKey(f.key) ? f.key : 'validation.invalid_value', f.params),
      ...(f.field ? { field: f.field } : {}),
    })),
  };
}

/**
 * The database cannot be reached or is shutting down (connection refused or lost, SQLSTATE
 * class 08, admin/crash shutdown, too many connections), no connection was had within
 * DB_CONNECT_TIMEOUT_MS (a new one, or a free one of a full pool), or a statement ran past
 * DB_STATEMENT_TIMEOUT_MS: the service is unavailable for a moment, not broken — 503.
 */
const NODE_CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
export function isDatabaseUnavailable(error: unknown): boolean {
  const info = pgErrorInfo(error);
  if (
    info &&
    (info.code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '57014', '3D000'].includes(info.code))
  ) {
    return true;
  }
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && NODE_CONNECTION_ERRORS.has(code)) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|^timeout expired$|Client has encountered a connection error|Cannot use a pool after calling end/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Refusals worth a security event in the audit log (docs/decisions/0015). */
function securityEventOf(error: AppError): SecurityEvent | undefined {
  if (error.key === 'errors.invalid_data' || error.key === 'errors.account_disabled') return 'security.login_failed';
  if (error.statusCode === 429) return 'security.throttled';
  if (error.statusCode === 403) return 'security.forbidden';
  return undefined;
}

/** Fastify's own error codes that mean the client sent something we cannot read. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'errors.bad_request'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'errors.bad_request'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'errors.payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'errors.unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'errors.bad_request'],
  FST_REQ_FILE_TOO_LARGE: [413, 'errors.payload_too_large'],
  FST_FILES_LIMIT: [413, 'errors.payload_too_large'],
  FST_PARTS_LIMIT: [413, 'errors.payload_too_large'],
  FST_FIELDS_LIMIT: [413, 'errors.payload_too_large'],
};

function send(reply: FastifyReply, status: number, body: Envelope) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * One place turns every failure into the envelope of DESIGN §3, translated.
 * Never a stack trace, SQL text or secret in a response: unknown errors are logged and become 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
  });

  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale;
    if (error instanceof AppError) {
      if (error.statusCode === 429) reply.header('retry-after', String(error.params.seconds ?? 60));
      const event = securityEventOf(error);
      if (event && app.hasDecorator('db')) {
        const phone = (request.body as { phone?: unknown } | undefined)?.phone;
        await recordSecurityEvent(app.db, request, event, {
          status: error.statusCode,
          ...(typeof phone === 'string' && event === 'security.login_failed' ? { phone } : {}),
        }).catch((err: unknown) => request.log.warn({ err }, 'security event not recorded'));
      }
      return send(reply, error.statusCode, envelope(locale, error.key, error.params, error.fieldErrors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined,
        key: v.message ?? 'validation.invalid_value',
      }));
      return send(reply, 422, envelope(locale, 'errors.validation', {}, fields));
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(reply, known[0], envelope(locale, known[1], {}, []));
    if (error.statusCode === 429) {
      return send(reply, 429, envelope(locale, 'errors.too_many_requests', { seconds: 60 }, []));
    }
    if (error.statusCode === 413) return send(reply, 413, envelope(locale, 'errors.payload_too_large', {}, []));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(reply, 503, envelope(locale, 'errors.unavailable', {}, []));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      return send(reply, error.statusCode, envelope(locale, 'errors.bad_request', {}, []));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, envelope(locale, 'errors.internal', {}, []));
  });
});

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (broken percent-encoding,
 * an over-long parameter) gets the envelope too, not Fastify's own body. It runs before
 * any hook, so the language and every header the hooks would add (the security headers,
 * the request ids, no-store) are set here.
 */
export function frameworkErrorHandler(headers: SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = localeFromHeader(request.headers['accept-language']);
    setSecurityHeaders(reply.raw, headers);
    reply.header('x-request-id', request.id).header('cache-control', 'no-store');
    const client = clientRequestId(request);
    if (client) reply.header('x-client-request-id', client);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'router error');
    // No route ran, so Fastify writes no request line (lib/request-log.ts): the one line is written here.
    request.log.info({ req: request, res: { statusCode: status } }, 'request completed');
    return send(reply, status, envelope(locale, status === 500 ? 'errors.internal' : 'errors.bad_request', {}, []));
  };
}

/** The 404 of an unknown API route, in the same envelope. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, envelope(request.locale, 'errors.route_not_found', {}, []));
}

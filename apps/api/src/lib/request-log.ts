import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { redactText, redactUrl } from './redact.js';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's own x-request-id when it is a sane one (logged and echoed, never trusted as ours). */
export function clientRequestId(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const incoming = request.headers?.['x-request-id'];
  return typeof incoming === 'string' && CLIENT_REQUEST_ID.test(incoming) ? incoming : undefined;
}

/**
 * Fastify's request log line with the URL redacted (app.ts logger serializer):
 * the same fields as Fastify's default serializer, plus the client's request id.
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
    clientRequestId: clientRequestId(request),
  };
}

type LoggedError = { type: string; message: string; stack: string; code?: string; cause?: LoggedError };

/**
 * Errors as the log keeps them: type, message, code and stack, never the values a
 * failing query carried (drizzle and the drivers attach `params`, which held
 * password hashes) nor the text after "params:" in a driver's message.
 */
export function errorLogSerializer(error: unknown, depth = 0): LoggedError {
  const e = (error ?? {}) as { name?: unknown; message?: unknown; code?: unknown; stack?: unknown; cause?: unknown };
  // A message may quote the URL that failed (the router's "'/api/v1/activation/…' is not a valid url component").
  const strip = (text: string) => redactText(text.replace(/\n?params:[\s\S]*$/i, ''));
  const message = strip(typeof e.message === 'string' ? e.message : String(error));
  return {
    type: typeof e.name === 'string' ? e.name : 'Error',
    message,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    stack: typeof e.stack === 'string' ? strip(e.stack) : '',
    ...(e.cause && depth < 3 ? { cause: errorLogSerializer(e.cause, depth + 1) } : {}),
  };
}

/**
 * The logger's serializers (app.ts): the request line, errors, and any `url` field a log call
 * carries, each with its secrets redacted (docs/decisions/0015, 0027).
 */
export const logSerializers = {
  req: requestLogSerializer,
  err: errorLogSerializer,
  url: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value),
};

/**
 * One log line per request, written when it is answered, with the request (its URL redacted by
 * the serializer) and the answer: Fastify's default writes a second line on arrival, which cost
 * the app's empty route about a third of its CPU (README, "The request path"). The other lines
 * (errors, a route not found, a stream that broke) stay Fastify's.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

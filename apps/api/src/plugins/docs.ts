import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ZErrorEnvelope } from '@portal/shared/schemas/envelope';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_KINDS, type FileKindName } from '../lib/storage.js';

/**
 * The OpenAPI document tells the truth about every operation (issue 19 §5): each answers only
 * statuses it documents, with the body it documents. Success bodies come from the routes' zod
 * response schemas; files and streams name their media types (`schema.produces`); bodies a
 * handler reads as multipart itself describe their fields and files (`schema.multipartBody`);
 * and the error answers, all in the envelope plugins/errors.ts sends, are derived here from what
 * the route declares (`errorStatusesOf`), plus the ones its service adds (`schema.errors`).
 */

/** The error statuses an operation may document; plugins/errors.ts answers each with ZErrorEnvelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 406 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

/** One file field of a multipart body. */
export type MultipartFile = {
  /** The media types accepted, decided by the file's content (lib/storage.ts); see `mediaTypesOf`. */
  types: readonly string[];
  /** Several files may be sent under this name (repeated parts), at most this many. */
  max?: number;
  required?: boolean;
  description?: string;
};

/** A body the handler reads as multipart itself: Fastify validates nothing, the document describes it. */
export type MultipartBody = {
  /** The text fields, as the handler parses them (each travels as text; numbers in canonical decimal). */
  fields?: z.ZodType;
  files: Readonly<Record<string, MultipartFile>>;
  /** The same text fields may come as a JSON object instead (no file then). */
  json?: boolean;
};

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Error statuses the handler's service can answer beyond those derived from the route's own
     * declarations (`errorStatusesOf`): a 409 of a state rule, a 404 of an id in the body, a 403
     * of an object rule on an `authenticated` route, … For the document only.
     */
    errors?: readonly ErrorStatus[];
    /** The multipart body the handler reads itself (routes with `consumes: ['multipart/form-data']`). */
    multipartBody?: MultipartBody;
  }
}

/** The media types (without parameters) of stored file kinds, for `produces` and multipart files. */
export function mediaTypesOf(kinds: readonly FileKindName[]): string[] {
  return [...new Set(kinds.map((kind) => FILE_KINDS[kind].mime.split(';')[0] as string))];
}

/** What lib/export.ts streams: CSV (UTF-8 with BOM) or XLSX, chosen by the request's `format`. */
export const EXPORT_MEDIA_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Malformed request: an undecodable URL, an unreadable JSON or multipart body, or a refused link or code',
  401: 'No valid session (or refused credentials)',
  403: 'Not allowed for this caller',
  404: 'Not found, or not visible to this caller',
  406: 'Not acceptable: this call only streams text/event-stream',
  409: 'Conflicts with the current state (the message says which)',
  413: 'Body, file or number of parts too large',
  415: 'Unsupported Content-Type',
  422: 'Invalid input: errors[] names each field (query, path, body, or a header such as Idempotency-Key)',
  429: 'Too many requests: try again after Retry-After seconds',
  500: 'Unexpected failure (logged; no detail is sent)',
  503: 'The database is unavailable for a moment: try again after Retry-After seconds',
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error statuses a route can answer, from what it declares:
 * - every route: 400 (an undecodable URL, a body that does not parse), 422 (its schemas, and the
 *   control-character guard of plugins/input-guard.ts on any query, path or body), 500, and 503
 *   (the session lookup and every handler read the database);
 * - a route that is not `public`: 401; one that names a permission: 403;
 * - a path parameter: 404; a method whose body Fastify reads: 413 and 415;
 * - `config.limits`: 429; `config.idempotent`: 409 (the same key still running);
 * - and what the route adds in `schema.errors` (its service's own refusals).
 */
function errorStatusesOf(route: Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>): ErrorStatus[] {
  const access = route.config?.access;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const statuses = new Set<ErrorStatus>([400, 422, 500, 503]);
  if (access !== 'public') statuses.add(401);
  if (access !== 'public' && access !== 'authenticated') statuses.add(403);
  if (/[:*]/.test(route.url)) statuses.add(404);
  if (methods.some((method) => BODY_METHODS.has(method))) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.config?.limits?.length) statuses.add(429);
  if (route.config?.idempotent) statuses.add(409);
  for (const status of route.schema?.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

type JsonObject = Record<string, unknown>;

const ENVELOPE_NAME = 'ErrorEnvelope';
const ENVELOPE_REF = { $ref: `#/components/schemas/${ENVELOPE_NAME}` };
const RETRY_AFTER = { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' } };
/** Where transformObject moves a multipart schema's `x-encoding` (OpenAPI puts it on the media type). */
const ENCODING_KEY = 'x-encoding';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The responses of one operation: its success answers as declared or as files, then every error it can give. */
function responsesOf(declared: unknown, produces: readonly string[] | undefined, errors: ErrorStatus[]): JsonObject {
  const responses: JsonObject = { ...(isObject(declared) ? declared : {}) };
  if (produces?.length && !Object.keys(responses).some((status) => status.startsWith('2'))) {
    const binary = { type: 'string', format: 'binary' };
    responses['200'] = {
      description: 'The file or stream itself',
      content: Object.fromEntries(produces.map((type) => [type, { schema: binary }])),
    };
  }
  for (const status of errors) {
    const own = responses[String(status)];
    // A route that answers this status itself (health's 503) may also get it from the error handler.
    const schema = own === undefined ? ENVELOPE_REF : { anyOf: [own, ENVELOPE_REF] };
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema } },
      ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
    };
  }
  return responses;
}

/** The request body of a route that reads multipart itself: its fields and files, and the JSON alternative. */
function multipartContent(
  input: Parameters<SwaggerTransform>[0],
  jsonBody: unknown,
  body: MultipartBody,
): { content: JsonObject } {
  const fields = body.fields
    ? (jsonSchemaTransform({ ...input, schema: { body: body.fields } }).schema.body as JsonObject)
    : { type: 'object', properties: {} };
  const properties: JsonObject = { ...(isObject(fields.properties) ? fields.properties : {}) };
  const required = Array.isArray(fields.required) ? [...(fields.required as string[])] : [];
  const encoding: JsonObject = {};
  for (const [name, file] of Object.entries(body.files)) {
    const binary = { type: 'string', format: 'binary' };
    const described = file.description ? { description: file.description } : {};
    properties[name] =
      file.max !== undefined && file.max > 1
        ? { type: 'array', items: binary, maxItems: file.max, ...described }
        : { ...binary, ...described };
    if (file.required) required.push(name);
    encoding[name] = { contentType: file.types.join(', ') };
  }
  const multipart = {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(Object.keys(encoding).length > 0 ? { [ENCODING_KEY]: encoding } : {}),
  };
  const json = jsonBody ?? (body.json ? fields : undefined);
  return {
    content: {
      'multipart/form-data': { schema: multipart },
      ...(json ? { 'application/json': { schema: json } } : {}),
    },
  };
}

/** Routes' schemas to operations: the zod provider's conversion, then what this file adds (see the top). */
const documentRoute: SwaggerTransform = (input) => {
  const { errors: _errors, multipartBody, produces, ...routeSchema } = (input.schema ?? {}) as FastifySchema;
  const result = jsonSchemaTransform({ ...input, schema: routeSchema });
  // Hidden, or not an API route (the docs UI itself, the SPA): as the provider made it.
  if (result.schema?.hide || !input.route.config?.access) return result;
  const schema: JsonObject = { ...result.schema };
  // Public routes need no token: say so in the document, not only in the code.
  if (input.route.config.access === 'public') schema.security = [];
  if (multipartBody) {
    schema.body = multipartContent(input, schema.body, multipartBody);
    delete schema.consumes;
  }
  schema.response = responsesOf(schema.response, produces, errorStatusesOf(input.route));
  return { ...result, schema: schema as FastifySchema };
};

/** The finished document: multipart encodings where OpenAPI wants them (on the media type, not the schema). */
function finishDocument({ openapiObject }: { openapiObject: JsonObject }): JsonObject {
  const paths = isObject(openapiObject.paths) ? openapiObject.paths : {};
  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(isObject(methods) ? methods : {})) {
      const content = isObject(operation) && isObject(operation.requestBody) ? operation.requestBody.content : {};
      const media = isObject(content) ? content['multipart/form-data'] : undefined;
      if (!isObject(media) || !isObject(media.schema) || !(ENCODING_KEY in media.schema)) continue;
      const { [ENCODING_KEY]: encoding, ...schema } = media.schema;
      media.schema = schema;
      media.encoding = encoding;
    }
  }
  return openapiObject;
}

/** OpenAPI document built from the routes' zod schemas. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  const envelope = z.toJSONSchema(ZErrorEnvelope, { target: 'openapi-3.0' });
  delete envelope.$schema;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Savings associations and service requests portal API',
        version: '1.0.0',
        description:
          'Errors: { status: "error", code, message, errors[] } (components.schemas.ErrorEnvelope), translated by Accept-Language (ar default, en). Every operation lists the error statuses it can answer.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        // biome-ignore lint/suspicious/noExplicitAny: zod's JSON Schema type and openapi-types' SchemaObject differ only in typing.
        schemas: { [ENVELOPE_NAME]: envelope as any },
      },
      security: [{ bearer: [] }],
    },
    transform: documentRoute,
    // biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON here; openapi-types' unions add nothing.
    transformObject: (input) => finishDocument(input as any) as any,
  });
});

/** The Swagger UI at /api/docs (API_DOCS; off by default in production); every route of this context is public. */
export async function docsUiRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: 'public' };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

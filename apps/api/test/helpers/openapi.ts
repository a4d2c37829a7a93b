import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Reading the app's own OpenAPI document in tests (issue 19 §5): its operations, their
 * documented request and response schemas compiled with ajv, and request values made from
 * those schemas. The document is the contract; these helpers hold the server to it.
 */

export type JsonSchema = {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
};

type MediaType = { schema?: JsonSchema; encoding?: Record<string, { contentType?: string }> };
export type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
};
export type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses: Record<string, { description?: string; content?: Record<string, MediaType> }>;
  security?: unknown[];
};
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
export type Operation = { method: string; path: string; op: OperationObject };

export async function openApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json: ${res.statusCode}`);
  return res.json() as OpenApiDocument;
}

/** Every operation of the API (paths under /api/v1/), in the document's order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [method, op] of Object.entries(methods)) found.push({ method: method.toUpperCase(), path, op });
  }
  return found;
}

/**
 * An OpenAPI 3.0 schema as a JSON Schema (draft 7) ajv compiles: every local
 * `#/components/schemas/…` reference replaced by what it names; 3.0's boolean
 * `exclusiveMinimum`/`exclusiveMaximum` (beside minimum/maximum) as draft 7's numbers; and
 * `nullable` without a `type` dropped (3.0 gives it no meaning there: such a schema already
 * takes null).
 */
export function toJsonSchema(schema: unknown, doc: OpenApiDocument, depth = 0): unknown {
  if (depth > 50) throw new Error('a $ref cycle in the OpenAPI document');
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, doc, depth + 1));
  if (typeof schema !== 'object' || schema === null) return schema;
  const ref = (schema as JsonSchema).$ref;
  if (typeof ref === 'string') {
    const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
    const target = name ? doc.components?.schemas?.[name] : undefined;
    if (!target) throw new Error(`unresolved $ref ${ref}`);
    return toJsonSchema(target, doc, depth + 1);
  }
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, toJsonSchema(value, doc, depth + 1)]),
  );
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) {
      delete out[flag];
    }
  }
  if (out.nullable === true && out.type === undefined) delete out.nullable;
  return out;
}

/** ajv for OpenAPI 3.0 schemas: `nullable` is built in; formats from ajv-formats, plus `binary` (a file part). */
export function openApiAjv(): Ajv {
  // Unknown OpenAPI annotations (description, example, …) are not errors; invalid schemas still are.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  // ajv-formats is CommonJS: its default export arrives as the module under this project's NodeNext typing.
  const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;
  addFormats(ajv);
  ajv.addFormat('binary', true);
  return ajv;
}

/** The base media type of a Content-Type value or a content key ("text/csv; charset=utf-8" → "text/csv"). */
export function mediaType(value: string | undefined): string {
  return (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Every schema the document holds for one operation (parameters, bodies, responses), with where it is. */
export function schemasOf(operation: Operation): { where: string; schema: JsonSchema }[] {
  const { op } = operation;
  const out: { where: string; schema: JsonSchema }[] = [];
  for (const p of op.parameters ?? [])
    if (p.schema) out.push({ where: `parameter ${p.in} ${p.name}`, schema: p.schema });
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
    if (media.schema) out.push({ where: `requestBody ${type}`, schema: media.schema });
  }
  for (const [status, response] of Object.entries(op.responses)) {
    for (const [type, media] of Object.entries(response.content ?? {})) {
      if (media.schema) out.push({ where: `response ${status} ${type}`, schema: media.schema });
    }
  }
  return out;
}

export type Compiled = { validate: ValidateFunction } | { error: string };

/**
 * A compiler of documented schemas (references inlined, OpenAPI 3.0 read as JSON Schema), each
 * distinct schema compiled once; a schema ajv refuses is reported, not thrown.
 */
export function schemaCompiler(doc: OpenApiDocument): (schema: JsonSchema) => Compiled {
  const ajv = openApiAjv();
  const cache = new Map<string, Compiled>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let compiled = cache.get(key);
    if (!compiled) {
      try {
        compiled = { validate: ajv.compile(toJsonSchema(schema, doc) as object) };
      } catch (error) {
        compiled = { error: (error as Error).message };
      }
      cache.set(key, compiled);
    }
    return compiled;
  };
}

// ---------------------------------------------------------------------------------- values

/** A small seeded PRNG (mulberry32): the same seed, the same run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How a value is made: `min` takes required properties only and the smallest values, `max` every
 * property and the largest values (long strings, big numbers, full arrays), `random` the required
 * properties and most optional ones, with seeded choices in between.
 */
export type SampleMode = 'min' | 'max' | 'random';

/** Strings tried, in order, against a schema's pattern (the patterns zod emits are few). */
const PATTERN_CANDIDATES = [
  '01012345678',
  '29001010123456',
  'Fuzz Tester',
  'fuzz.tester@example.com',
  'Passw0rd!Fuzz',
  '123456',
  '1234',
  '1',
  'abc',
  'Abc',
  'a1',
  'ar',
  'en',
  'true',
  '10:00',
  'https://example.com/fuzz',
  'fuzz-short-name',
  'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd',
  '00000000-0000-4000-8000-000000000000',
];

export type SampleContext = {
  mode: SampleMode;
  random: () => number;
  /** The day date fields get (yyyy-mm-dd): one the product takes as a start, a due date or an expiry. */
  day: string;
  /** Ids of records that exist, which `random` path ids are drawn from (empty: 1…10). */
  ids?: readonly number[];
  /** Patterns no candidate satisfied (reported, so the generator can learn them). */
  unmatchedPatterns: Set<string>;
};

/**
 * Values by property name, used when they fit the property's schema: rules a schema cannot say
 * (an Egyptian mobile, a strong password, a 14-digit national id, an instalment from a list)
 * would otherwise turn most valid requests into 422s and leave the success answers unchecked.
 */
const NAMED_VALUES: [RegExp, (ctx: SampleContext) => unknown][] = [
  [/^(mobile|phone)$/, () => '01012345678'],
  [/password/, () => 'Passw0rd!Fuzz'],
  [/email/, (ctx) => `fuzz.${Math.floor(ctx.random() * 1e6)}@example.com`],
  [/^(national_id|identity_value)$/, () => '29001010123456'],
  [/date/, (ctx) => ctx.day],
  [/^cost$/, () => 100],
];

function pick<T>(items: readonly T[], ctx: SampleContext): T {
  if (ctx.mode === 'min') return items[0] as T;
  if (ctx.mode === 'max') return items[items.length - 1] as T;
  return items[Math.floor(ctx.random() * items.length)] as T;
}

function fits(value: string, schema: JsonSchema): boolean {
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value);
}

function sampleString(schema: JsonSchema, ctx: SampleContext): string {
  switch (schema.format) {
    case 'email':
      return `fuzz.${Math.floor(ctx.random() * 1e6)}@example.com`;
    case 'date':
      return ctx.day;
    case 'date-time':
      return `${ctx.day}T10:00:00.000Z`;
    case 'uri':
    case 'url':
      return 'https://example.com/fuzz';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
  }
  if (schema.pattern !== undefined) {
    const found = [ctx.day, `${ctx.day}T10:00:00.000Z`, ...PATTERN_CANDIDATES].find((candidate) =>
      fits(candidate, schema),
    );
    if (found !== undefined) return found;
    ctx.unmatchedPatterns.add(schema.pattern);
  }
  const min = Math.max(1, schema.minLength ?? 1);
  const max = Math.max(min, schema.maxLength ?? 64);
  const length =
    ctx.mode === 'min'
      ? min
      : ctx.mode === 'max'
        ? Math.min(max, 20_000)
        : min + Math.floor(ctx.random() * (Math.min(max, 40) - min + 1));
  // Arabic text first: the product's main language, and multi-byte in UTF-8.
  return 'نص عربي fuzz '.repeat(Math.ceil(length / 13)).slice(0, length);
}

function sampleNumber(schema: JsonSchema, integer: boolean, ctx: SampleContext): number {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const step = integer ? 1 : 0.5;
  let low = schema.minimum ?? (exclusiveMin !== undefined ? exclusiveMin + step : undefined);
  let high = schema.maximum ?? (exclusiveMax !== undefined ? exclusiveMax - step : undefined);
  if (schema.exclusiveMinimum === true && low !== undefined) low += step;
  if (schema.exclusiveMaximum === true && high !== undefined) high -= step;
  // Ids, counts and pages start at 1; an unbounded number still gets a small one.
  const base = low !== undefined && low > 1 ? low : high !== undefined && high < 1 ? high : 1;
  if (ctx.mode === 'min') return base;
  if (ctx.mode === 'max') return high ?? 1_000_000;
  const top = Math.min(high ?? base + 9, base + 9);
  return integer ? base + Math.floor(ctx.random() * (top - base + 1)) : base + ctx.random() * (top - base);
}

/** The value NAMED_VALUES gives a property of this name, when the property's schema takes it. */
export function namedValue(name: string, schema: JsonSchema, ctx: SampleContext): unknown {
  const make = NAMED_VALUES.find(([pattern]) => pattern.test(name))?.[1];
  if (!make || schema.enum) return undefined;
  const value = make(ctx);
  if (typeof value === 'string') return schema.type === 'string' && fits(value, schema) ? value : undefined;
  if (typeof value === 'number') {
    const inRange =
      (schema.minimum === undefined || value >= schema.minimum) &&
      (schema.maximum === undefined || value <= schema.maximum);
    return (schema.type === 'integer' || schema.type === 'number') && inRange ? value : undefined;
  }
  return undefined;
}

/** A value the schema accepts (as far as a small generator can tell), or undefined for "leave it out". */
export function sampleOf(schema: JsonSchema | undefined, ctx: SampleContext, depth = 0): unknown {
  if (!schema || depth > 12) return undefined;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) {
    const usable = branches.filter((b) => !(b.nullable && b.enum?.length === 1 && b.enum[0] === null));
    return sampleOf(pick(usable.length > 0 ? usable : branches, ctx), ctx, depth + 1);
  }
  if (schema.allOf && schema.allOf.length > 0) {
    const parts = schema.allOf.map((part) => sampleOf(part, ctx, depth + 1));
    return parts.every((part) => typeof part === 'object' && part !== null && !Array.isArray(part))
      ? Object.assign({}, ...parts)
      : parts[0];
  }
  if (schema.enum && schema.enum.length > 0) {
    const values = schema.enum.filter((value) => value !== null);
    return pick(values.length > 0 ? values : schema.enum, ctx);
  }
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (!required.has(name) && (ctx.mode === 'min' || (ctx.mode === 'random' && ctx.random() < 0.3))) continue;
        const value = namedValue(name, property, ctx) ?? sampleOf(property, ctx, depth + 1);
        if (value !== undefined) out[name] = value;
      }
      return out;
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const count =
        ctx.mode === 'min' ? min : Math.max(min, Math.min(schema.maxItems ?? 3, ctx.mode === 'max' ? 20 : 3));
      return Array.from({ length: count }, () => sampleOf(schema.items, ctx, depth + 1));
    }
    case 'string':
      return sampleString(schema, ctx);
    case 'integer':
      return sampleNumber(schema, true, ctx);
    case 'number':
      return sampleNumber(schema, false, ctx);
    case 'boolean':
      return ctx.mode !== 'min';
    default:
      // `{}`: anything goes (a value the route converts itself); a yes is the likeliest to be meant.
      return schema.default ?? true;
  }
}

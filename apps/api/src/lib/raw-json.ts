import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * JSON text that PostgreSQL wrote for one field of an answer, sent as it is (docs/decisions/0044).
 * A member's statement is 1,200 installments: read as rows, each value parsed by the driver, mapped,
 * checked by zod and written again by JSON.stringify, it cost the API about 5 ms of CPU per call;
 * written by PostgreSQL by the rules of the schema, it is one text value, copied into the answer.
 * The schema still describes the field (`rawJsonOf`), and the tests parse what PostgreSQL writes
 * against it; the answer's other fields are checked and filtered by zod as every answer's are.
 */
export class RawJson<T = unknown> {
  /** The type the text holds, for the compiler only. */
  declare readonly value?: T;

  constructor(readonly text: string) {}

  /**
   * Inside `stringifyAnswer`: a marker the answer's JSON.stringify writes in the text's place.
   * Anywhere else (a log line, a test's JSON.stringify): the value itself.
   */
  toJSON(): unknown {
    if (!pending) return JSON.parse(this.text);
    pending.push(this.text);
    return `${MARK}${pending.length - 1}`;
  }
}

/**
 * A NUL starts the marker: PostgreSQL's text never holds one, and JSON.stringify writes it as
 * `\u0000`, so only a marker string can read as a marker in the output, and the process's random
 * key keeps a caller's text from ever spelling one.
 */
const KEY = randomUUID();
const MARK = `\u0000raw-json:${KEY}:`;
const MARKED = new RegExp(`"\\\\u0000raw-json:${KEY}:(\\d+)"`, 'g');

/** The texts of the RawJson values met while one answer is being written (JSON.stringify is synchronous). */
let pending: string[] | undefined;

/** JSON.stringify, with each RawJson written as its own text. */
export function stringifyAnswer(value: unknown): string {
  const outer = pending;
  const texts: string[] = [];
  pending = texts;
  try {
    const json = JSON.stringify(value);
    if (texts.length === 0) return json;
    return json.replace(MARKED, (_, index: string) => texts[Number(index)] as string);
  } finally {
    pending = outer;
  }
}

/**
 * A response field PostgreSQL writes as JSON text: accepts a RawJson, and documents `schema` (the
 * OpenAPI document shows the field as the JSON it holds).
 */
export function rawJsonOf<T extends z.ZodType>(schema: T) {
  const { $schema: _, ...described } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return z
    .custom<RawJson<z.output<T>>>((value) => value instanceof RawJson, { error: 'not JSON text from the database' })
    .meta(described);
}

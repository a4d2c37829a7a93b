import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RawJson, rawJsonOf, stringifyAnswer } from './raw-json.js';

describe('RawJson', () => {
  it('is copied into the answer as it is, wherever it sits', () => {
    const rows = new RawJson('[{"id":1,"note":"a \\"b\\""},{"id":2,"note":null}]');
    const answer = { status: 'success', data: { before: 'x', rows, nested: [{ more: new RawJson('{"k":1}') }] } };
    const text = stringifyAnswer(answer);
    expect(text).toBe(
      '{"status":"success","data":{"before":"x","rows":[{"id":1,"note":"a \\"b\\""},{"id":2,"note":null}],"nested":[{"more":{"k":1}}]}}',
    );
    expect(JSON.parse(text).data.rows[0].note).toBe('a "b"');
  });

  it('leaves an answer without one as JSON.stringify writes it, texts that look like a marker included', () => {
    const sly = { a: '\u0000raw-json:00000000-0000-0000-0000-000000000000:0', b: 'C:\\u0000', c: [1, null] };
    expect(stringifyAnswer(sly)).toBe(JSON.stringify(sly));
    const mixed = { sly: sly.a, rows: new RawJson('[1]') };
    expect(JSON.parse(stringifyAnswer(mixed))).toEqual({ sly: sly.a, rows: [1] });
  });

  it('outside an answer (a log line, a test) stringifies as the value it holds', () => {
    expect(JSON.stringify({ rows: new RawJson('[{"id":1}]') })).toBe('{"rows":[{"id":1}]}');
  });

  it('rawJsonOf accepts only a RawJson, and documents the JSON it holds', () => {
    const schema = rawJsonOf(z.array(z.object({ id: z.number().int() })));
    expect(schema.safeParse(new RawJson('[]')).success).toBe(true);
    expect(schema.safeParse([{ id: 1 }]).success).toBe(false);
    expect(schema.safeParse('[]').success).toBe(false);
    const documented = z.toJSONSchema(z.object({ rows: schema }), { unrepresentable: 'any' });
    expect(documented.properties?.rows).toMatchObject({
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    });
  });
});

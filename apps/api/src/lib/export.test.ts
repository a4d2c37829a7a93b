import { randomUUID } from 'node:crypto';
import { type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ATTACKS,
  expectCsvData,
  expectXlsxData,
  FORMULA_STARTS,
  readCsv,
  readXlsx,
} from '../../test/helpers/export-files.js';
import {
  csvCell,
  type ExportColumn,
  type ExportFormat,
  type ExportKind,
  exportFailures,
  sendExport,
  UNFORMATTABLE,
  xlsxCell,
} from './export.js';

/**
 * The one export writer (lib/export.ts, decision 0026), on its own: cells by kind, formula
 * injection, a value it cannot format, and a stream that fails after its headers went out.
 */

describe('cells by kind', () => {
  it.each(FORMULA_STARTS)('neutralises text starting with %j in both formats', (start) => {
    const attack = ATTACKS[start];
    expect(attack.startsWith(start)).toBe(true);
    expect(csvCell('text', attack)).toBe(`'${attack}`);
    expect(xlsxCell('text', attack)).toBe(`'${attack}`);
  });

  it('leaves other text alone, and an empty value empty', () => {
    for (const text of ['سلوى عادل', 'Ahmed', "'quoted", ' =1+1', '01012345678', '']) {
      expect(csvCell('text', text)).toBe(text);
      expect(xlsxCell('text', text)).toBe(text);
    }
    for (const kind of ['text', 'integer', 'money', 'date', 'datetime'] as const) {
      expect(csvCell(kind, null)).toBe('');
      expect(xlsxCell(kind, undefined)).toBeNull();
    }
  });

  it('writes money as an exact decimal: plain Latin in CSV, pounds as a number in XLSX', () => {
    const cases: [number, string, number][] = [
      [50, '50.00', 50],
      [-12.5, '-12.50', -12.5],
      [-0.05, '-0.05', -0.05],
      [0.1 + 0.2, '0.30', 0.3],
      [1_234_567.89, '1234567.89', 1_234_567.89],
      [60_000, '60000.00', 60_000],
      [-0, '0.00', 0],
    ];
    for (const [pounds, csv, xlsx] of cases) {
      expect(csvCell('money', pounds)).toBe(csv);
      expect(xlsxCell('money', pounds)).toBe(xlsx);
    }
  });

  it('a negative number is a number in a numeric column and neutralised text in a text column', () => {
    expect(csvCell('money', -2)).toBe('-2.00');
    expect(xlsxCell('money', -2)).toBe(-2);
    expect(csvCell('integer', -3)).toBe('-3');
    expect(xlsxCell('integer', -3)).toBe(-3);
    expect(csvCell('text', '-2.00')).toBe("'-2.00");
    expect(xlsxCell('text', '-3')).toBe("'-3");
  });

  it('writes days as ISO text in CSV and date cells in XLSX', () => {
    expect(csvCell('date', '2026-11-22')).toBe('2026-11-22');
    expect(xlsxCell('date', '2026-11-22')).toEqual(new Date(Date.UTC(2026, 10, 22)));
  });

  it('writes an instant as its Cairo wall time (winter +2, summer +3)', () => {
    expect(csvCell('datetime', '2026-11-22T10:30:15.123Z')).toBe('2026-11-22 12:30:15');
    expect(xlsxCell('datetime', '2026-11-22T10:30:15.123Z')).toEqual(new Date(Date.UTC(2026, 10, 22, 12, 30, 15)));
    expect(csvCell('datetime', '2026-07-01T22:00:00Z')).toBe('2026-07-02 01:00:00');
  });

  it('agrees with Intl on Cairo wall time across both daylight-saving changes of a year', () => {
    const intl = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Africa/Cairo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    for (const around of ['2026-04-23T12:00:00Z', '2026-10-29T12:00:00Z']) {
      for (let minutes = 0; minutes < 48 * 60; minutes += 7) {
        const instant = new Date(Date.parse(around) + minutes * 60_000 + 13_500);
        expect(csvCell('datetime', instant.toISOString())).toBe(intl.format(instant));
      }
    }
  });

  it('reports what it cannot format as the kind instead of throwing', () => {
    const bad: [ExportKind, unknown][] = [
      ['money', Number.NaN],
      ['money', Number.POSITIVE_INFINITY],
      ['money', 12.345],
      ['integer', 1.5],
      ['integer', Number.NaN],
      ['date', '10003-01-01'],
      ['date', '2026-02-30'],
      ['date', '1899-12-31'],
      ['date', '22/11/2026'],
      ['datetime', 'not a time'],
      ['datetime', '+010003-01-01T00:00:00Z'],
    ];
    for (const [kind, value] of bad) {
      expect(csvCell(kind, value), `${kind} ${String(value)}`).toBe(UNFORMATTABLE);
      expect(xlsxCell(kind, value), `${kind} ${String(value)}`).toBe(UNFORMATTABLE);
    }
  });
});

type Row = { id: number; name: string; note: string | null; amount: number; count: number; day: string; at: string };

const COLUMNS: ExportColumn<Row>[] = [
  { header: 'Name', kind: 'text', value: (r) => r.name },
  { header: 'Note', kind: 'text', value: (r) => r.note },
  { header: 'Amount', kind: 'money', value: (r) => r.amount },
  { header: 'Count', kind: 'integer', value: (r) => r.count },
  { header: 'Day', kind: 'date', value: (r) => r.day },
  { header: 'At', kind: 'datetime', value: (r) => r.at },
];
const KINDS = COLUMNS.map((c) => c.kind);

const row = (id: number, overrides: Partial<Row> = {}): Row => ({
  id,
  name: `Member ${id}`,
  note: null,
  amount: 50,
  count: id,
  day: '2026-11-22',
  at: '2026-11-22T10:30:00Z',
  ...overrides,
});

describe('sendExport', () => {
  let app: FastifyInstance;
  const logs: Record<string, unknown>[] = [];
  /** Rows a route streams: each entry is a batch, or an error the batch fails with. */
  let source: (Row[] | Error)[] = [];
  /** The endless route's source: how many batches it gave, and whether it was told to stop. */
  let endless = { pulled: 0, closed: false };

  beforeAll(async () => {
    app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => logs.push(JSON.parse(line)) } } });
    app.post<{ Params: { format: ExportFormat } }>('/export/:format', async (request, reply) => {
      const batches = source;
      async function* stream() {
        for (const batch of batches) {
          if (batch instanceof Error) throw batch;
          yield batch;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      return sendExport(reply, {
        format: request.params.format,
        name: 'unit',
        locale: 'en',
        columns: COLUMNS,
        batches: stream(),
      });
    });
    app.post<{ Params: { format: ExportFormat } }>('/endless/:format', async (request, reply) => {
      endless = { pulled: 0, closed: false };
      const state = endless;
      async function* stream() {
        try {
          for (;;) {
            state.pulled += 1;
            // Random names: compressed (XLSX) or not, a batch is tens of KB, as real rows are.
            yield Array.from({ length: 1000 }, (_, i) => row(state.pulled * 1000 + i, { name: randomUUID() }));
            await new Promise((resolve) => setImmediate(resolve));
          }
        } finally {
          state.closed = true;
        }
      }
      return sendExport(reply, {
        format: request.params.format,
        name: 'endless',
        locale: 'en',
        columns: COLUMNS,
        batches: stream(),
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  const run = (format: ExportFormat) => app.inject({ method: 'POST', url: `/export/${format}` });
  const attacks = FORMULA_STARTS.map((start, i) =>
    row(i + 1, { name: ATTACKS[start], note: `${start}note`, amount: -(i + 1) * 1.25, count: -(i + 1) }),
  );

  it('CSV: neutralised text, plain numbers, ISO days and Cairo times, a BOM and English headers', async () => {
    source = [attacks];
    const res = await run('csv');
    expect(res.statusCode).toBe(200);
    const file = readCsv(res.rawPayload);
    expect(file.header).toEqual(['Name', 'Note', 'Amount', 'Count', 'Day', 'At']);
    expectCsvData(file, KINDS);
    expect(file.rows.map((r) => r[0])).toEqual(FORMULA_STARTS.map((start) => `'${ATTACKS[start]}`));
    expect(file.rows[0]).toEqual([`'${ATTACKS['=']}`, "'=note", '-1.25', '-1', '2026-11-22', '2026-11-22 12:30:00']);
    expect(file.rows[5]?.slice(2, 4)).toEqual(['-7.50', '-6']);
  });

  it('XLSX: no formula anywhere, dangerous text as strings starting with an apostrophe, numbers and dates typed', async () => {
    source = [attacks];
    const res = await run('xlsx');
    expect(res.statusCode).toBe(200);
    const file = await readXlsx(res.rawPayload);
    expect(file.header).toEqual(['Name', 'Note', 'Amount', 'Count', 'Day', 'At']);
    expectXlsxData(file, KINDS);
    // A carriage return is written as a reference, so it reads back as itself (a bare one would be
    // read as a line feed, XML's end-of-line rule): still after the apostrophe.
    expect(file.rows.map((r) => r[0]?.value)).toEqual(FORMULA_STARTS.map((start) => `'${ATTACKS[start]}`));
    const first = file.rows[0]?.map((c) => c.value);
    expect(first).toEqual([
      `'${ATTACKS['=']}`,
      "'=note",
      -1.25,
      -1,
      new Date(Date.UTC(2026, 10, 22)),
      new Date(Date.UTC(2026, 10, 22, 12, 30)),
    ]);
  });

  it.each(['csv', 'xlsx'] as const)(
    '%s: a value it cannot format is written as text, every row is kept and one warning names the rows',
    async (format) => {
      logs.length = 0;
      source = [
        [row(1), row(2, { day: '10003-01-01', amount: Number.NaN }), row(3)],
        [row(4, { at: 'yesterday', name: '=1+1' }), row(5)],
      ];
      const res = await run(format);
      expect(res.statusCode).toBe(200);
      if (format === 'csv') {
        const file = readCsv(res.rawPayload);
        expect(file.rows).toHaveLength(5);
        expect(file.rows[1]?.slice(2, 5)).toEqual(['NaN', '2', '10003-01-01']);
        expect(file.rows[3]?.[0]).toBe("'=1+1");
        expect(file.rows[3]?.[5]).toBe('yesterday');
        expect(file.rows[4]).toEqual(['Member 5', '', '50.00', '5', '2026-11-22', '2026-11-22 12:30:00']);
      } else {
        const file = await readXlsx(res.rawPayload);
        expect(file.rows).toHaveLength(5);
        expect(file.rows[1]?.map((c) => c.value).slice(2, 5)).toEqual(['NaN', 2, '10003-01-01']);
        expect(file.rows[3]?.[5]?.value).toBe('yesterday');
        expect(file.rows[4]?.[2]?.value).toBe(50);
      }
      await vi.waitFor(() => expect(logs.filter((l) => l.event === 'export.unformattable')).toHaveLength(1));
      const [warning] = logs.filter((l) => l.event === 'export.unformattable');
      expect(warning).toMatchObject({ level: 40, export: 'unit', format, count: 3, rowIds: [2, 4] });
      expect(warning?.columns).toEqual(expect.arrayContaining(['Amount', 'Day', 'At']));
      expect(logs.filter((l) => l.event === 'export.failed')).toEqual([]);
    },
  );

  it.each(['csv', 'xlsx'] as const)(
    '%s: a stream that fails after its headers went out is logged as export.failed and counted',
    async (format) => {
      logs.length = 0;
      const before = exportFailures();
      source = [[row(1), row(2)], new Error('connection to the database lost')];
      const res = await run(format).catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      );
      await vi.waitFor(() => expect(exportFailures()).toBe(before + 1));
      if (!(res instanceof Error)) {
        expect(res.statusCode).toBe(200);
        // Cut part-way: the XLSX is no readable workbook (its zip was never finished).
        if (format === 'xlsx') await expect(readXlsx(res.rawPayload)).rejects.toThrow();
      }
      const failed = logs.filter((l) => l.event === 'export.failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ level: 50, export: 'unit', format });
      expect(JSON.stringify(failed[0])).toContain('connection to the database lost');
    },
  );

  it('a first batch that fails is an error answer, not a 200 with an empty file, and no cut export', async () => {
    const before = exportFailures();
    source = [new Error('relation does not exist')];
    const res = await run('csv');
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(exportFailures()).toBe(before);
  });

  it.each(['csv', 'xlsx'] as const)(
    '%s: a client that goes away stops the export, which is neither logged as failed nor counted',
    async (format) => {
      logs.length = 0;
      const before = exportFailures();
      const { port } = app.server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method: 'POST', path: `/endless/${format}` }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
        req.end();
      });
      await vi.waitFor(() => expect(endless.closed).toBe(true));
      const pulled = endless.pulled;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(endless.pulled).toBe(pulled);
      expect(exportFailures()).toBe(before);
      expect(logs.filter((l) => l.event === 'export.failed')).toEqual([]);
    },
  );

  it.each(['csv', 'xlsx'] as const)('%s: a large export arrives whole and in order', async (format) => {
    // 25 batches of 1,000: rows cross batch and chunk boundaries, read ahead while written.
    source = Array.from({ length: 25 }, (_, b) => Array.from({ length: 1000 }, (_, i) => row(25_000 - b * 1000 - i)));
    const res = await run(format);
    expect(res.statusCode).toBe(200);
    const counts =
      format === 'csv'
        ? readCsv(res.rawPayload).rows.map((r) => Number(r[3]))
        : (await readXlsx(res.rawPayload)).rows.map((r) => r[3]?.value);
    expect(counts).toEqual(Array.from({ length: 25_000 }, (_, i) => 25_000 - i));
  });

  it.each(['csv', 'xlsx'] as const)(
    '%s: a client that stops reading stops the reading of the database (backpressure), and it goes on when it reads again',
    async (format) => {
      const { port } = app.server.address() as AddressInfo;
      let response: IncomingMessage | undefined;
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: `/endless/${format}` });
      req.on('error', () => undefined);
      try {
        response = await new Promise<IncomingMessage>((resolve) => {
          req.once('response', (res: IncomingMessage) => {
            res.pause();
            resolve(res);
          });
          req.end();
        });
        // Nobody reads: the server stops asking for batches once the socket's buffers are full.
        let last = -1;
        await vi.waitFor(
          async () => {
            const before = endless.pulled;
            await new Promise((resolve) => setTimeout(resolve, 200));
            const now = endless.pulled;
            const stalled = now > 0 && now === before && now === last;
            last = now;
            expect(stalled, `still reading: ${now} batches`).toBe(true);
          },
          { timeout: 20_000, interval: 10 },
        );
        // Each batch is 1,000 rows (~70 KB of CSV, less zipped): what is read ahead is what the
        // socket buffers hold, a few MB, not the endless file.
        expect(endless.pulled).toBeLessThan(150);
        const stalled = endless.pulled;
        response.resume();
        await vi.waitFor(() => expect(endless.pulled).toBeGreaterThan(stalled + 10), { timeout: 20_000 });
      } finally {
        req.destroy();
      }
      await vi.waitFor(() => expect(endless.closed).toBe(true));
    },
    30_000,
  );

  it('an empty export is the header row alone', async () => {
    source = [];
    const csv = readCsv((await run('csv')).rawPayload);
    expect(csv.rows).toEqual([]);
    const xlsx = await readXlsx((await run('xlsx')).rawPayload);
    expect(xlsx.rows).toEqual([]);
  });
});

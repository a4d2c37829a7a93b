import { type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type SQL, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ATTACKS, expectXlsxData, readCsv, readXlsx } from '../../test/helpers/export-files.js';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { poolsOf, rowsOf } from '../db/client.js';
import { inlined } from '../db/copy-out.js';
import { csvCell, csvField, type ExportFormat, type ExportKind, exportFailures } from './export.js';
import { type QueryColumn, sendQueryExport } from './export-query.js';

/**
 * Exports read by SQL (lib/export-query.ts, docs/decisions/0043): PostgreSQL writes each cell as
 * lib/export.ts writes the same value, a CSV is PostgreSQL's COPY passed on as bytes, and with
 * every export connection busy the same file is read in batches instead.
 */

/** Texts a CSV must quote or a spreadsheet would run, and some that need nothing. */
const TEXTS = [
  ...Object.values(ATTACKS),
  'plain',
  'a,b',
  'say "hi"',
  'two\nlines',
  'back\\slash',
  "it's",
  '',
  'جمعية الخير',
  '$1 -- not a parameter',
  'bell\u0007 & <b>markup</b>',
];
const START = Date.UTC(2026, 0, 1);

/** The rows of the probe export, as JS values (what a DTO would carry): one per n. */
function probe(n: number) {
  return {
    id: n,
    text: n % 11 === 0 ? null : (TEXTS[n % TEXTS.length] as string),
    money: ((n % 7) - 3) * 125 + (n % 3),
    day: new Date(START + n * 86_400_000).toISOString().slice(0, 10),
    // Every 2 h 28 min 52 s over 3,000 rows (310 days): the rows cross both of Cairo's daylight-saving changes of 2026.
    at: n % 5 === 0 ? null : new Date(START + n * 8_932_000).toISOString(),
  };
}

const KINDS: ExportKind[] = ['integer', 'text', 'money', 'date', 'datetime'];

/** The same rows written by PostgreSQL: `g.n` from generate_series. */
function probeColumns(): QueryColumn[] {
  const texts = sql.join(
    TEXTS.map((text, i) => sql` when ${i} then ${text}`),
    sql``,
  );
  return [
    { header: 'associations.columns.id', kind: 'integer', value: sql`g.n` },
    {
      header: 'associations.columns.member',
      kind: 'text',
      value: sql`case when g.n % 11 = 0 then null else (case g.n % ${TEXTS.length}${texts} end) end`,
    },
    { header: 'associations.columns.amount_egp', kind: 'money', value: sql`((g.n % 7) - 3) * 125 + g.n % 3` },
    { header: 'associations.columns.due_date', kind: 'date', value: sql`'2026-01-01'::date + g.n` },
    {
      header: 'associations.columns.received_at',
      kind: 'datetime',
      value: sql`case when g.n % 5 = 0 then null
        else '2026-01-01T00:00:00Z'::timestamptz + g.n * interval '8932 seconds' end`,
    },
  ];
}

/** The CSV lines lib/export.ts's csvCell writes for rows n..1 (newest first), as COPY quotes them. */
function expectedLines(rows: number): string[] {
  const lines: string[] = [];
  for (let n = rows; n >= 1; n -= 1) {
    const p = probe(n);
    const values: [ExportKind, unknown][] = [
      ['integer', p.id],
      ['text', p.text],
      ['money', p.money / 100],
      ['date', p.day],
      ['datetime', p.at],
    ];
    lines.push(
      values
        .map(([kind, value]) => {
          const cell = csvCell(kind, value) as string;
          return value === '' ? '""' : csvField(cell);
        })
        .join(','),
    );
  }
  return lines;
}

describe('exports read by SQL', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const queries: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase({ onQuery: (query) => queries.push(query) });
    await database.handle.db.execute(
      sql`create table probe_rows as select n from generate_series(1, 200000) as n; alter table probe_rows add primary key (n)`,
    );
    await database.handle.db.execute(sql`vacuum analyze probe_rows`);
    app = Fastify();
    app.post<{
      Params: { format: ExportFormat };
      Querystring: { rows: string; broken?: string; late?: string; settings?: string };
    }>('/probe/:format', async (req, reply) => {
      const columns: QueryColumn[] = req.query.settings
        ? [
            {
              header: 'associations.columns.id',
              kind: 'text',
              value: sql`current_setting('max_parallel_workers_per_gather') || '|' ||
                  current_setting('statement_timeout') || '|' || current_setting('datestyle') || '|' ||
                  current_setting('transaction_read_only')`,
            },
          ]
        : probeColumns();
      if (req.query.broken) columns.push({ header: 'associations.columns.id', kind: 'integer', value: sql`'x'::int` });
      // Fails on row 5 of many, newest first: long after the headers and the first rows went out.
      if (req.query.late)
        columns.push({ header: 'associations.columns.id', kind: 'integer', value: sql`10 / (g.n - 5)` });
      return sendQueryExport(reply, {
        db: database.handle.db,
        format: req.params.format,
        name: 'probe',
        locale: 'en',
        columns,
        // A table read by its key in order, so that the late failure is met when the rows before it went out.
        from: req.query.late ? sql`probe_rows g` : sql`generate_series(1, ${Number(req.query.rows)}) as g(n)`,
        where: undefined,
        key: sql`g.n`,
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const run = (format: ExportFormat, rows: number, broken = false) =>
    app.inject({ method: 'POST', url: `/probe/${format}?rows=${rows}${broken ? '&broken=1' : ''}` });
  const copies = () => queries.filter((query) => query.startsWith('copy (')).length;

  it('PostgreSQL writes every cell as lib/export.ts writes the same value, through COPY', async () => {
    const before = copies();
    const res = await run('csv', 3000);
    expect(res.statusCode).toBe(200);
    expect(copies()).toBe(before + 1);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF#,Member,Amount (EGP),Due date,Received on\n')).toBe(true);
    const lines = text.slice(1).split('\n');
    // A quoted line break splits one record in two here; the expected lines are split the same way.
    expect(lines.slice(1, -1)).toEqual(expectedLines(3000).join('\n').split('\n'));
    expect(readCsv(res.rawPayload).rows).toHaveLength(3000);
  });

  it.each(['csv', 'xlsx'] as const)(
    '%s: the export reads in a read-only transaction with its own settings, through COPY',
    async (format) => {
      const before = copies();
      const res = await app.inject({ method: 'POST', url: `/probe/${format}?rows=1&settings=1` });
      expect(copies()).toBe(before + 1);
      const cell =
        format === 'csv' ? readCsv(res.rawPayload).rows[0]?.[0] : (await readXlsx(res.rawPayload)).rows[0]?.[0]?.value;
      expect(cell).toBe('0|10min|ISO, YMD|on');
    },
  );

  it('XLSX through COPY: the values lib/export.ts writes, numbers and dates typed, every text as it was', async () => {
    const before = copies();
    const file = await readXlsx((await run('xlsx', 3000)).rawPayload);
    expect(copies()).toBe(before + 1);
    expect(file.rows).toHaveLength(3000);
    expectXlsxData(file, KINDS);
    for (const [i, row] of file.rows.entries()) {
      const p = probe(3000 - i);
      expect(row[0]?.value).toBe(p.id);
      // Line breaks and a leading carriage return read back as they were, after the apostrophe.
      // (An empty text reads back as an empty cell, and a control character XML cannot hold is
      // dropped, as by lib/export.ts's writer.)
      expect(row[1]?.value ?? null).toBe(p.text ? String(csvCell('text', p.text)).replace('\u0007', '') : null);
      expect(row[2]?.value).toBe(p.money / 100);
      expect(row[3]?.value).toEqual(new Date(`${p.day}T00:00:00Z`));
      const wall = csvCell('datetime', p.at);
      expect(row[4]?.value ?? null).toEqual(wall ? new Date(`${String(wall).replace(' ', 'T')}Z`) : null);
    }
  });

  it('a query that fails at once is an error answer, and its connection and export slot go back', async () => {
    const before = exportFailures();
    // More failures than there are export slots: a slot kept by a failed COPY would turn the next
    // CSV into batches.
    for (const format of ['csv', 'csv', 'csv', 'xlsx', 'xlsx'] as const) {
      const res = await run(format, 10, true);
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    expect(exportFailures()).toBe(before);
    const copied = copies();
    expect((await run('csv', 10)).statusCode).toBe(200);
    expect(copies()).toBe(copied + 1);
  });

  it.each(['csv', 'xlsx'] as const)(
    '%s: a COPY that fails after its headers cuts the file, is counted, and gives its slot back',
    async (format) => {
      const before = exportFailures();
      // The headers and the first rows went out; then the connection is cut, never a whole file.
      await expect(app.inject({ method: 'POST', url: `/probe/${format}?rows=200000&late=1` })).rejects.toThrow(
        /destroyed before completion/,
      );
      await vi.waitFor(() => expect(exportFailures()).toBe(before + 1));
      const copied = copies();
      for (let i = 0; i < 3; i += 1) expect((await run('csv', 10)).statusCode).toBe(200);
      expect(copies()).toBe(copied + 3);
    },
  );

  it('with every export connection held by slow clients, a CSV is read in batches, the same bytes; a client gone frees its connection', async () => {
    const expected = (await run('csv', 3000)).rawPayload;
    const expectedSheet = await readXlsx((await run('xlsx', 3000)).rawPayload);
    const pool = poolsOf(database.handle.db)?.pool;
    if (!pool) throw new Error('no pool');
    const slots = Math.max(1, Math.floor(pool.options.max / 4));
    const { port } = app.server.address() as AddressInfo;
    const held: { req: ReturnType<typeof request>; res: IncomingMessage }[] = [];
    try {
      for (let i = 0; i < slots; i += 1) {
        // Half a million rows (tens of MB) that nobody reads: the COPY waits on a full socket.
        const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/probe/csv?rows=500000' });
        req.on('error', () => undefined);
        const res = await new Promise<IncomingMessage>((resolve) => {
          req.once('response', (response: IncomingMessage) => {
            response.pause();
            resolve(response);
          });
          req.end();
        });
        held.push({ req, res });
      }
      const before = copies();
      const batched = await run('csv', 3000);
      expect(batched.statusCode).toBe(200);
      expect(copies()).toBe(before);
      expect(batched.rawPayload.equals(expected)).toBe(true);
      // Two batches of rows (2,000 and 1,000), numbered on from one to the next.
      const sheet = await readXlsx((await run('xlsx', 3000)).rawPayload);
      expect(copies()).toBe(before);
      expect(sheet.rows).toEqual(expectedSheet.rows);
    } finally {
      for (const { req } of held) req.destroy();
    }
    // The held connections are dropped with their clients: the server's COPYs end, and the next
    // CSV is a COPY again.
    const running = async () =>
      rowsOf<{ n: number }>(
        await database.handle.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where query like 'copy (%' and datname = current_database()`,
        ),
      )[0]?.n;
    await vi.waitFor(async () => expect(await running()).toBe(0), { timeout: 10_000 });
    const before = copies();
    expect((await run('csv', 10)).statusCode).toBe(200);
    expect(copies()).toBe(before + 1);
  }, 30_000);
});

describe('values written into a COPY', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.dispose());

  it('mean what they meant as parameters, quotes, backslashes and all', async () => {
    const tricky = ["O'Reilly", 'back\\slash', "\\'; drop table users; --", '$2', "E'x'", 'عربي'];
    const query = (values: string[]): SQL =>
      sql`select ${sql.join(
        values.map((value, i) => sql`${value}::text as ${sql.identifier(`v${i}`)}`),
        sql`, `,
      )}, ${7} + 1 as n, ${null}::int as none, ${'2026-11-28'}::date - ${'2026-11-01'}::date as days`;
    const asParameters = rowsOf(await database.handle.db.execute(query(tricky)));
    const asLiterals = rowsOf(await database.handle.db.execute(sql.raw(inlined(query(tricky)))));
    expect(asLiterals).toEqual(asParameters);
    expect(asLiterals[0]).toMatchObject({ v0: "O'Reilly", v1: 'back\\slash', n: 8, none: null, days: 27 });
  });

  it('refuses a value it cannot write as PostgreSQL text', () => {
    expect(() => inlined(sql`select ${{ a: 1 }} as a`)).toThrow(/cannot inline/);
  });
});

import { PassThrough } from 'node:stream';
import { type Locale, TIME_ZONE } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { type Database, rowsOf } from '../db/client.js';
import { localSettings, type Reader } from '../db/transaction.js';
import { type SheetValue, XlsxStream } from './xlsx-stream.js';

/**
 * The one export helper (DESIGN §6): every row a list's filters match, not a page, streamed
 * from the database in batches (keyset on the id) into CSV (UTF-8 with a BOM, so Excel opens
 * Arabic right) or XLSX (lib/xlsx-stream.ts), headers in the caller's language. A pipeline with
 * backpressure: the next batch is read while the previous one is formatted and written, and the
 * writer waits for the socket to drain, so memory stays flat however many rows and however slow
 * the client (at most one batch read ahead, one being formatted, one in the socket's buffers).
 *
 * A file is data, not a screen (docs/decisions/0026-exports-as-data.md): each column declares
 * what it holds and the writer alone decides how that is written, for every export:
 * - text: as given (labels already in the caller's language), and a cell that a spreadsheet would
 *   read as a formula (starting with = + - @, a tab or a carriage return) starts with `'` instead;
 * - integer and money: numbers (Latin digits, no grouping or currency sign in CSV; numeric cells
 *   with a number format in XLSX); money is EGP, exact to the piastre;
 * - date (yyyy-mm-dd) and datetime (an instant, written as Cairo wall time): ISO text in CSV,
 *   real date cells in XLSX.
 * A value the writer cannot write as its kind becomes (neutralised) text and is logged once per
 * export; the file is never cut short by a row.
 *
 * This module writes rows the API holds (`sendExport`: computed reports, the associations); a
 * list's rows are written by PostgreSQL with the same rules and passed through `streamExport`
 * (lib/export-query.ts, docs/decisions/0043-exports-by-copy.md).
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What each kind of column takes from a row (null or undefined: an empty cell). */
type KindValues = {
  /** Free text; the writer neutralises formula starts. */
  text: string;
  /** A whole number: an id, a count, a day number. */
  integer: number;
  /** EGP as the API's DTOs carry it (pounds, at most two decimals). */
  money: number;
  /** A calendar day, yyyy-mm-dd. */
  date: string;
  /** An instant (ISO 8601), written as the wall time in Africa/Cairo. */
  datetime: string;
};
export type ExportKind = keyof KindValues;

export type ExportColumn<T> = {
  [K in ExportKind]: {
    /** Catalogue key of the header (a money column's header names the currency). */
    header: string;
    kind: K;
    value: (row: T) => KindValues[K] | null | undefined;
  };
}[ExportKind];

/* ------------------------------------------------------------------ cells */

/** OWASP "CSV Injection": what a spreadsheet reads as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text as a cell: a formula start is defused with a leading apostrophe. */
function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Whole piastres of an EGP amount, or undefined if it is not one (NaN, ±Infinity, a third decimal). */
function piastresOf(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const piastres = Math.round(value * 100);
  if (!Number.isSafeInteger(piastres) || Math.abs(value * 100 - piastres) > 1e-4) return undefined;
  return piastres === 0 ? 0 : piastres;
}

/** 1250 → "12.50", -5 → "-0.05": integer arithmetic, no float noise. */
function piastresText(piastres: number): string {
  const abs = Math.abs(piastres);
  return `${piastres < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
/** Day 0 of a spreadsheet's serial dates (1899-12-30) is this many days before 1970-01-01. */
const SHEET_EPOCH_DAYS = 25_569;
/** Years a spreadsheet shows as dates (Excel's calendar starts in 1900 and ends in 9999). */
const isSheetYear = (year: number) => year >= 1900 && year <= 9999;

/**
 * Remembers what an export computes again and again (days recur on every row: due dates, turn
 * dates; Cairo's offset by the hour). Bounded: cleared whole when full.
 */
function memo<K, V>(compute: (key: K) => V, limit = 100_000): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key) as V;
    const value = compute(key);
    if (known.size >= limit) known.clear();
    known.set(key, value);
    return value;
  };
}

/** A yyyy-mm-dd day as the ms of its UTC midnight (what a sheet's date is), or undefined if it is none. */
const dayMs = memo((value: string): number | undefined => {
  const match = DAY.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isSheetYear(year)) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date.getTime() : undefined;
});

function dayOf(value: unknown): number | undefined {
  return typeof value === 'string' ? dayMs(value) : undefined;
}

const cairoParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  numberingSystem: 'latn',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const HOUR = 3_600_000;

/** Cairo's offset from UTC by UTC hour (it changes only on the hour): one Intl call per hour seen. */
const cairoOffset = memo((hour: number): number => {
  const parts: Record<string, string> = {};
  for (const part of cairoParts.formatToParts(new Date(hour * HOUR))) parts[part.type] = part.value;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - hour * HOUR;
});

/** "00".."59": a time's fields without a padStart per cell. */
const TWO = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/** A day's yyyy-mm-dd by its number since 1970-01-01, or undefined outside a sheet's years. */
const dayText = memo((day: number): string | undefined => {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  return isSheetYear(year) ? `${year}-${TWO[date.getUTCMonth() + 1]}-${TWO[date.getUTCDate()]}` : undefined;
});

/**
 * An instant's Cairo wall time in whole seconds, as the ms of the same fields in UTC (what a
 * sheet's date is), or undefined if it is none: arithmetic on numbers, no Date per cell.
 */
function cairoWallOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return undefined;
  const wall = Math.floor(instant / 1000) * 1000 + cairoOffset(Math.floor(instant / HOUR));
  return dayText(Math.floor(wall / DAY_MS)) === undefined ? undefined : wall;
}

/** yyyy-mm-dd hh:mm:ss of a wall time from cairoWallOf. */
function wallText(wall: number): string {
  const day = Math.floor(wall / DAY_MS);
  const seconds = (wall - day * DAY_MS) / 1000;
  const minutes = Math.floor(seconds / 60);
  return `${dayText(day)} ${TWO[Math.floor(minutes / 60)]}:${TWO[minutes % 60]}:${TWO[seconds % 60]}`;
}

/** What the writer cannot write as the column's kind: kept as (neutralised) text. */
export const UNFORMATTABLE: unique symbol = Symbol('unformattable');

/** A value as a CSV field: plain Latin numbers, ISO days and times, neutralised text. */
export function csvCell(kind: ExportKind, value: unknown): string | typeof UNFORMATTABLE {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'text':
      return neutralise(String(value));
    case 'integer':
      return Number.isSafeInteger(value) ? String(value) : UNFORMATTABLE;
    case 'money': {
      const piastres = piastresOf(value);
      return piastres === undefined ? UNFORMATTABLE : piastresText(piastres);
    }
    case 'date':
      return dayOf(value) === undefined ? UNFORMATTABLE : (value as string);
    case 'datetime': {
      const wall = cairoWallOf(value);
      return wall === undefined ? UNFORMATTABLE : wallText(wall);
    }
  }
}

/** A CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text;
}

/** A value as an XLSX cell value: a string, a number or a date, never a formula. */
export function xlsxCell(kind: ExportKind, value: unknown): string | number | Date | null | typeof UNFORMATTABLE {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'text':
      return neutralise(String(value));
    case 'integer':
      return Number.isSafeInteger(value) ? (value as number) : UNFORMATTABLE;
    case 'money': {
      const piastres = piastresOf(value);
      return piastres === undefined ? UNFORMATTABLE : piastres / 100;
    }
    case 'date':
    case 'datetime': {
      const ms = kind === 'date' ? dayOf(value) : cairoWallOf(value);
      return ms === undefined ? UNFORMATTABLE : new Date(ms);
    }
  }
}

/** What the XLSX writer puts in a cell: xlsxCell with days and times as serial numbers. */
function sheetCell(kind: ExportKind, value: unknown): SheetValue | typeof UNFORMATTABLE {
  if (kind !== 'date' && kind !== 'datetime') return xlsxCell(kind, value) as SheetValue | typeof UNFORMATTABLE;
  if (value === null || value === undefined) return null;
  const ms = kind === 'date' ? dayOf(value) : cairoWallOf(value);
  return ms === undefined ? UNFORMATTABLE : ms / DAY_MS + SHEET_EPOCH_DAYS;
}

/* ------------------------------------------------------------------ failures */

let failedExports = 0;

/**
 * Exports that failed after their headers went out (the client got a cut file), since this process
 * started: a monotonic counter, read by the signed-in detail of GET /health (decision 0026).
 */
export function exportFailures(): number {
  return failedExports;
}

/* ------------------------------------------------------------------ streaming */

/**
 * Rows per database round trip. Larger batches cost fewer queries (each a plan, a network turn,
 * an index descent) and per-batch work; the bound is memory: one batch read ahead, one written.
 */
export const EXPORT_BATCH = 2000;
/** How many row ids one export's "unformattable values" warning names at most. */
const LOGGED_ROW_IDS = 20;

/** Pages through a query by id (descending, newest first) until it runs dry. */
export async function* keysetBatches<T>(
  fetch: (beforeId: number | null, limit: number) => Promise<T[]>,
  idOf: (row: T) => number,
): AsyncGenerator<T[]> {
  let before: number | null = null;
  for (;;) {
    const rows = await fetch(before, EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
    before = idOf(rows[rows.length - 1] as T);
  }
}

/**
 * What every export's reads set for themselves (`set local`, so the pool's other users keep theirs):
 * - no parallel workers: for a batch of a few thousand rows out of many, the planner picks a
 *   parallel plan (Gather Merge) whose workers cost more than they save on a machine of few cores
 *   already busy with the request traffic; 2,000 service requests took 36–88 ms that way and
 *   14–15 ms without (EXPLAIN ANALYZE on the bench's set);
 * - ISO dates whatever the server's default, since lib/export-query.ts writes a day as its text;
 * - a double's shortest exact text (the default since PostgreSQL 12), which is JavaScript's too, so
 *   a sheet's serial times are the same digits from either writer.
 */
export const EXPORT_SETTINGS: Readonly<Record<string, string>> = {
  max_parallel_workers_per_gather: '0',
  datestyle: 'ISO, YMD',
  extra_float_digits: '1',
};

/** One batch of an export's rows, in a read-only transaction with EXPORT_SETTINGS. */
export async function exportRows<T>(db: Reader, query: SQL): Promise<T[]> {
  // Reader is a database or a transaction (then this is a savepoint inside it): both begin one.
  return (db as Database).transaction(
    async (tx) => {
      await tx.execute(localSettings(EXPORT_SETTINGS));
      return rowsOf<T>(await tx.execute(query));
    },
    { accessMode: 'read only' },
  );
}

/**
 * The batches of a source with the next one always being read: while the caller formats and
 * writes batch n, batch n + 1 is on its way from the database, and no further (one read ahead).
 * `stop()` says when to stop asking (the client is gone).
 */
async function* readAhead<B>(first: B | undefined, source: AsyncIterator<B>, stop: () => boolean): AsyncGenerator<B> {
  if (first === undefined) return;
  const ask = () => {
    const next = source.next();
    // Handled when awaited below; without this, a batch failing while the writer waits for a
    // drain would be an unhandled rejection meanwhile.
    next.catch(() => undefined);
    return next;
  };
  let next = stop() ? undefined : ask();
  yield first;
  while (next && !stop()) {
    const result = await next;
    if (result.done) return;
    next = stop() ? undefined : ask();
    yield result.value;
  }
}

/** Resolves when `stream` takes more ('drain'), or is gone ('close'). */
function drained(stream: NodeJS.EventEmitter, out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    out.on('close', done);
  });
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** What an export's columns say of themselves: a header (catalogue key) and what they hold. */
export type ExportHead = { header: string; kind: ExportKind };

/**
 * How the writer turns a batch into its format. `csv` gives the batch's lines; `sheet` the XML of
 * its rows (`sheet.rowsXml` numbers them), calling `asText` for a value its kind cannot take
 * (counted and logged, written as text).
 */
export type BatchEncoder<B> = {
  csv: (batch: B, asText: UnformattableNote) => string | Buffer;
  sheet: (batch: B, asText: UnformattableNote, sheet: XlsxStream) => string | Buffer;
};
/** Notes a value written as text instead of its kind; gives the (neutralised) text. */
export type UnformattableNote = (rowId: number | string, head: ExportHead, value: unknown) => string;

/**
 * Streams an export's batches as CSV or XLSX (the pipeline described at the top): the first batch
 * is read before anything is sent, so a query that fails at once is the usual error answer (a 500
 * envelope), not a 200 with an empty file.
 */
export async function streamExport<B>(
  reply: FastifyReply,
  options: {
    format: ExportFormat;
    /** File name without extension (ASCII); also the `export` field of its log lines. */
    name: string;
    locale: Locale;
    columns: readonly ExportHead[];
    batches: AsyncIterable<B>;
    encode: BatchEncoder<B>;
  },
) {
  const { columns, encode, format, name } = options;
  const headers = columns.map((c) => neutralise(translate(options.locale, c.header)));
  const batches = options.batches[Symbol.asyncIterator]();
  const first = await batches.next();

  const unformattable = { count: 0, rows: [] as (number | string)[], columns: new Set<string>() };
  const asText: UnformattableNote = (rowId, head, value) => {
    unformattable.count += 1;
    unformattable.columns.add(head.header);
    if (unformattable.rows.length < LOGGED_ROW_IDS && !unformattable.rows.includes(rowId)) {
      unformattable.rows.push(rowId);
    }
    return neutralise(String(value));
  };
  const out = new PassThrough();
  /** The client went away (or the stream was destroyed): stop reading the database. */
  const gone = () => out.destroyed;
  const rowBatches = () => readAhead(first.done ? undefined : first.value, batches, gone);

  reply
    .type(CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'no-store');

  /**
   * One chunk per batch: the batch is formatted while the previous chunk drains, and written only
   * once it has (so at most one chunk waits in `out`, whatever the client's pace).
   */
  const writeCsv = async () => {
    out.write(`\uFEFF${headers.map(csvField).join(',')}\n`);
    let flushed: Promise<void> | undefined;
    for await (const batch of rowBatches()) {
      const chunk = encode.csv(batch, asText);
      if (flushed) await flushed;
      if (gone()) return;
      flushed = out.write(chunk) ? undefined : drained(out, out);
    }
    out.end();
  };
  const writeXlsx = async () => {
    const sheet = new XlsxStream(out, {
      sheetName: name,
      rightToLeft: options.locale === 'ar',
      columns: columns.map((column, i) => {
        const header = headers[i] ?? '';
        return { header, style: column.kind, width: Math.max(column.kind === 'datetime' ? 18 : 12, header.length + 4) };
      }),
    });
    let finished = false;
    try {
      sheet.start();
      let flushed: Promise<void> | undefined;
      for await (const batch of rowBatches()) {
        const xml = encode.sheet(batch, asText, sheet);
        if (flushed) await flushed;
        if (gone()) return;
        flushed = sheet.sheetXml(xml) ? undefined : sheet.drained();
      }
      if (flushed) await flushed;
      if (gone()) return;
      await sheet.finish();
      finished = true;
    } finally {
      // A failure or a client gone: the compressor is let go of at once, not left to the GC.
      if (!finished) sheet.destroy();
    }
  };

  (format === 'csv' ? writeCsv() : writeXlsx())
    .catch((error: unknown) => {
      // Headers (status 200) are out: the client can only be told by a cut connection; monitoring
      // by this log line and the counter.
      failedExports += 1;
      reply.log.error({ event: 'export.failed', export: name, format, err: error }, 'export failed while streaming');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    })
    .finally(() => {
      // Ends the database reading if the loop stopped early (a failure or a client gone).
      Promise.resolve(batches.return?.()).catch(() => undefined);
      if (unformattable.count === 0) return;
      reply.log.warn(
        {
          event: 'export.unformattable',
          export: name,
          format,
          count: unformattable.count,
          columns: [...unformattable.columns],
          rowIds: unformattable.rows,
        },
        'export wrote values it could not format as text',
      );
    });
  return reply.send(out);
}

/** An export of rows the API computes (or reads as DTOs), each column's value taken from a row. */
export async function sendExport<T extends { id: number | string }>(
  reply: FastifyReply,
  options: {
    format: ExportFormat;
    /** File name without extension (ASCII); also the `export` field of its log lines. */
    name: string;
    locale: Locale;
    columns: ExportColumn<T>[];
    batches: AsyncIterable<T[]>;
  },
) {
  const { columns } = options;
  return streamExport(reply, {
    ...options,
    encode: {
      csv: (batch, asText) => {
        let chunk = '';
        for (const row of batch) {
          for (let i = 0; i < columns.length; i += 1) {
            const column = columns[i] as ExportColumn<T>;
            const value = column.value(row);
            const cell = csvCell(column.kind, value);
            if (i > 0) chunk += ',';
            chunk += csvField(cell === UNFORMATTABLE ? asText(row.id, column, value) : cell);
          }
          chunk += '\n';
        }
        return chunk;
      },
      sheet: (batch, asText, sheet) =>
        sheet.rowsXml(
          batch.map((row) =>
            columns.map((column) => {
              const value = column.value(row);
              const cell = sheetCell(column.kind, value);
              return cell === UNFORMATTABLE ? asText(row.id, column, value) : cell;
            }),
          ),
        ),
    },
  });
}

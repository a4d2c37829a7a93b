import { PassThrough } from 'node:stream';
import { type Locale, TIME_ZONE } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/**
 * The one export helper (DESIGN §6): every row a list's filters match, not a page, streamed
 * from the database in batches (keyset on the id) into CSV (UTF-8 with a BOM, so Excel opens
 * Arabic right) or XLSX (exceljs' streaming writer), headers in the caller's language. Memory
 * stays flat however many rows: one batch at a time.
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

/** XLSX number formats of the kinds written as numbers or dates. */
const XLSX_FORMATS = {
  integer: '0',
  money: '#,##0.00',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
} as const satisfies Partial<Record<ExportKind, string>>;

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
/** Years a spreadsheet shows as dates (Excel's calendar starts in 1900 and ends in 9999). */
const isSheetYear = (year: number) => year >= 1900 && year <= 9999;

/** A yyyy-mm-dd day as UTC midnight (what exceljs writes as that day), or undefined if it is none. */
function dayOf(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DAY.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isSheetYear(year)) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
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
const cairoOffsets = new Map<number, number>();

function cairoOffset(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR);
  let offset = cairoOffsets.get(hour);
  if (offset === undefined) {
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
    offset = wall - hour * HOUR;
    if (cairoOffsets.size >= 100_000) cairoOffsets.clear();
    cairoOffsets.set(hour, offset);
  }
  return offset;
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant's Cairo wall time: the ISO text and the same fields as a UTC date (for exceljs). */
function cairoTimeOf(value: unknown): { text: string; date: Date } | undefined {
  if (typeof value !== 'string') return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return undefined;
  // Whole seconds, as the file shows them; the wall time as a UTC date (what exceljs writes).
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + cairoOffset(instant));
  const year = wall.getUTCFullYear();
  if (!isSheetYear(year)) return undefined;
  const text = `${year}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
  return { text, date: wall };
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
      return dayOf(value) ? (value as string) : UNFORMATTABLE;
    case 'datetime':
      return cairoTimeOf(value)?.text ?? UNFORMATTABLE;
  }
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
      return dayOf(value) ?? UNFORMATTABLE;
    case 'datetime':
      return cairoTimeOf(value)?.date ?? UNFORMATTABLE;
  }
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

const BATCH = 1000;
/** How many row ids one export's "unformattable values" warning names at most. */
const LOGGED_ROW_IDS = 20;

/** Pages through a query by id (descending, newest first) until it runs dry. */
export async function* keysetBatches<T>(
  fetch: (beforeId: number | null, limit: number) => Promise<T[]>,
  idOf: (row: T) => number,
): AsyncGenerator<T[]> {
  let before: number | null = null;
  for (;;) {
    const rows = await fetch(before, BATCH);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    before = idOf(rows[rows.length - 1] as T);
  }
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

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
  const { columns, format, name } = options;
  const headers = columns.map((c) => neutralise(translate(options.locale, c.header)));
  // The first batch is read before anything is sent: a query that fails at once is the usual
  // error answer (a 500 envelope), not a 200 with an empty file.
  const batches = options.batches[Symbol.asyncIterator]();
  const first = await batches.next();

  const unformattable = { count: 0, rows: [] as (number | string)[], columns: new Set<string>() };
  const cellsOf = <V>(row: T, cell: (kind: ExportKind, value: unknown) => V | typeof UNFORMATTABLE) =>
    columns.map((column) => {
      const value = column.value(row);
      const written = cell(column.kind, value);
      if (written !== UNFORMATTABLE) return written;
      unformattable.count += 1;
      unformattable.columns.add(column.header);
      if (unformattable.rows.length < LOGGED_ROW_IDS && !unformattable.rows.includes(row.id)) {
        unformattable.rows.push(row.id);
      }
      return neutralise(String(value));
    });
  const out = new PassThrough();
  /** The client went away (or the stream was destroyed): stop reading the database. */
  const gone = () => out.destroyed;
  /** The batches, the first one already read, until the database runs dry or the client is gone. */
  async function* rowBatches(): AsyncGenerator<T[]> {
    if (first.done) return;
    yield first.value;
    while (!gone()) {
      const next = await batches.next();
      if (next.done) return;
      yield next.value;
    }
  }

  reply
    .type(CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'no-store');

  const writeCsv = async () => {
    out.write('\uFEFF');
    const csv = stringify({ header: true, columns: headers });
    csv.pipe(out);
    const drained = () =>
      new Promise<void>((resolve) => {
        const done = () => {
          csv.off('drain', done);
          out.off('close', done);
          resolve();
        };
        csv.on('drain', done);
        out.on('close', done);
      });
    for await (const batch of rowBatches()) {
      for (const row of batch) {
        if (!csv.write(cellsOf(row, csvCell)) && !gone()) await drained();
      }
    }
    csv.end();
  };
  const writeXlsx = async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet(name, {
      views: [{ rightToLeft: options.locale === 'ar', state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((column, i) => {
      const header = headers[i] ?? '';
      const numFmt = column.kind === 'text' ? undefined : XLSX_FORMATS[column.kind];
      return {
        header,
        width: Math.max(column.kind === 'datetime' ? 18 : 12, header.length + 4),
        ...(numFmt ? { style: { numFmt } } : {}),
      };
    });
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const batch of rowBatches()) {
      for (const row of batch) sheet.addRow(cellsOf(row, xlsxCell)).commit();
    }
    if (gone()) return;
    sheet.commit();
    await book.commit();
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

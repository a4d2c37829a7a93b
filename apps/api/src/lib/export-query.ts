import { type Locale, TIME_ZONE } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { copyOut } from '../db/copy-out.js';
import type { Reader } from '../db/transaction.js';
import {
  csvField,
  EXPORT_SETTINGS,
  type ExportFormat,
  type ExportHead,
  type ExportKind,
  exportRows,
  keysetBatches,
  streamExport,
} from './export.js';
import { columnName, STYLE_INDEX } from './xlsx-stream.js';

/**
 * Exports of a list's rows, each column an SQL expression (docs/decisions/0043-exports-by-copy.md):
 * PostgreSQL writes every cell by its kind with lib/export.ts's rules (for a CSV the text `csvCell`
 * writes; for an XLSX the `<c>` element lib/xlsx-stream.ts writes), and the file is PostgreSQL's own
 * `COPY … TO STDOUT` passed on as bytes (db/copy-out.ts), zipped for an XLSX. When no export
 * connection is free (or inside a transaction) the same SQL is read in batches by the key, newest
 * first, and the file is the same.
 */

/** A column read by SQL: its header, what it holds, and its value's SQL (money in piastres). */
export type QueryColumn = ExportHead & { value: SQL };

/** How long one export's COPY may run, a slow client's download included (then the file is cut). */
export const EXPORT_COPY_TIMEOUT_MS = 10 * 60_000;

/**
 * A value out of a known set (a status) as its label in the caller's language, the catalogue's
 * `${prefix}.${value}`; others as they are.
 */
export function labelled(value: SQL, locale: Locale, prefix: string, values: readonly (string | number)[]): SQL {
  const cases = values.map((key) => sql` when ${String(key)} then ${translate(locale, `${prefix}.${key}`)}`);
  return sql`(case (${value})::text${sql.join(cases)} else (${value})::text end)`;
}

/** What a spreadsheet reads as the start of a formula (OWASP "CSV Injection"), as lib/export.ts's FORMULA_START. */
const FORMULA_STARTS = sql.raw(`'=', '+', '-', '@', chr(9), chr(13)`);

/** Text with a formula start defused by a leading apostrophe (lib/export.ts's `neutralise`). */
function neutralised(text: SQL): SQL {
  return sql`(case when left(${text}, 1) in (${FORMULA_STARTS}) then '''' || ${text} else ${text} end)`;
}

/** An instant's wall time in Cairo, whole seconds (cut, not rounded, as lib/export.ts does). */
const cairoWall = (value: SQL) => sql`date_trunc('second', (${value})::timestamptz at time zone ${TIME_ZONE})`;

/** A column's cell as CSV text, written by PostgreSQL as lib/export.ts's `csvCell` writes the same value. */
export function cellSql({ kind, value }: { kind: ExportKind; value: SQL }): SQL {
  switch (kind) {
    case 'text':
      return neutralised(sql`(${value})::text`);
    case 'integer':
      return sql`(${value})::bigint::text`;
    case 'money':
      // Piastres as EGP with two decimals: round(…, 2) gives a numeric of scale 2, "12.50", "-0.05".
      return sql`round((${value})::numeric / 100, 2)::text`;
    case 'date':
      return sql`(${value})::date::text`;
    case 'datetime':
      return sql`${cairoWall(value)}::text`;
  }
}

/** Control characters XML 1.0 cannot hold, as escapes of a PostgreSQL E'' string (a range, and each). */
const NOT_XML_RANGE = '\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff';
const NOT_XML_EACH = [
  ...Array.from({ length: 8 }, (_, i) => i + 1),
  11,
  12,
  ...Array.from({ length: 18 }, (_, i) => i + 14),
]
  .map((code) => `\\x${code.toString(16).padStart(2, '0')}`)
  .concat('\\ufffe', '\\uffff')
  .join('');
/** What `xmlEscaped` changes: markup, line breaks, and what XML cannot hold. */
const XML_SPECIAL = sql.raw(`E'[&<>"''\\r\\n${NOT_XML_RANGE}]'`);
const NOT_XML = sql.raw(`E'${NOT_XML_EACH}'`);

/**
 * Text as XML character data, as lib/xlsx-stream.ts's `xmlText` writes it: markup escaped, line
 * breaks as references (so no row of the sheet holds one, which its COPY needs), and the control
 * characters XML cannot hold dropped (which also keeps the COPY's quote and delimiter out). Only
 * a text that holds one of them goes through the replacements: `translate` alone cost 165 ms per
 * column of 100,800 rows, the check 25 ms.
 */
function xmlEscaped(text: SQL): SQL {
  return sql`(case when ${text} ~ ${XML_SPECIAL} then
    replace(replace(replace(replace(replace(replace(replace(translate(${text}, ${NOT_XML}, ''),
    '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&apos;'), chr(13), '&#13;'), chr(10), '&#10;')
    else ${text} end)`;
}

/** A text cell's attributes and value (what follows `<c r="B7"`). */
const textCell = (text: SQL) => sql`' t="str"><v>' || ${xmlEscaped(neutralised(text))} || '</v></c>'`;
/** A number cell of a style's attributes and value. */
const numberCell = (kind: Exclude<ExportKind, 'text'>, number: SQL) =>
  sql`${` s="${STYLE_INDEX[kind]}"><v>`} || ${number} || '</v></c>'`;
/** Years a spreadsheet shows as dates; a day outside them is written as text (lib/export.ts's `isSheetYear`). */
const sheetYear = (day: SQL) => sql`extract(year from ${day}) between 1900 and 9999`;

/**
 * A column's XLSX cell after its reference (`<c r="B7"` + this), as lib/xlsx-stream.ts's `rowsXml`
 * writes the same value; null for an empty cell. Days and times are serial numbers (days since
 * 1899-12-30), a time's computed in double precision as lib/export.ts computes it (ms / 86,400,000 +
 * 25,569), so the two write the same digits.
 */
export function sheetCellSql({ kind, value }: { kind: ExportKind; value: SQL }): SQL {
  switch (kind) {
    case 'text':
      return textCell(sql`(${value})::text`);
    case 'integer':
      return numberCell(kind, sql`(${value})::bigint::text`);
    case 'money':
      return numberCell(kind, sql`round((${value})::numeric / 100, 2)::text`);
    case 'date': {
      const day = sql`(${value})::date`;
      return sql`case when ${sheetYear(day)} then ${numberCell(kind, sql`(${day} - date '1899-12-30')::text`)}
        else ${textCell(sql`${day}::text`)} end`;
    }
    case 'datetime': {
      const wall = cairoWall(value);
      const serial = sql`(extract(epoch from ${wall})::float8 * 1000 / 86400000 + 25569)::text`;
      return sql`case when ${sheetYear(wall)} then ${numberCell(kind, serial)} else ${textCell(sql`${wall}::text`)} end`;
    }
  }
}

/**
 * COPY's options for the sheet's rows: one text column per row, quoted only if it held the quote,
 * the delimiter or a line break, none of which an XML row of `sheetRows` holds.
 */
const SHEET_ROWS_FORMAT = `format csv, quote e'\\x01', delimiter e'\\x02'`;

/** Each row of `inner` (its cells c0…cn and its number r) as `<row r="…">…</row>`. */
function sheetRows(columns: QueryColumn[]): SQL {
  const cells = columns.map((_, i) => {
    const ref = sql.raw(`'<c r="${columnName(i)}'`);
    return sql`coalesce(${ref} || t.r || '"' || ${sql.identifier(`c${i}`)}, '')`;
  });
  return sql`'<row r="' || t.r || '">' || ${sql.join(cells, sql` || `)} || '</row>'`;
}

type CellRow = { k: number } & Record<string, string | null>;

/**
 * Streams every row of `from` that `where` keeps, newest first by `key` (a unique integer, the
 * table's id), as CSV or XLSX.
 */
export async function sendQueryExport(
  reply: FastifyReply,
  options: {
    db: Reader;
    format: ExportFormat;
    /** File name without extension (ASCII); also the `export` field of its log lines. */
    name: string;
    locale: Locale;
    columns: QueryColumn[];
    /** The tables and joins (`a join b on …`). */
    from: SQL;
    where: SQL | undefined;
    key: SQL;
  },
) {
  const { columns, db, format, from, key } = options;
  const where = options.where ?? sql`true`;
  const cellOf = format === 'csv' ? cellSql : sheetCellSql;
  const cells = sql.join(
    columns.map((column, i) => sql`${cellOf(column)} as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  /** The rows after `before` (null: from the newest) with their key k; for a sheet numbered r from `first`. */
  const rowsAfter = (before: number | null, first: number, limit?: number) =>
    sql`select ${key} as k${format === 'xlsx' ? sql`, (row_number() over (order by ${key} desc) + ${first - 1})::text as r` : sql``},
        ${cells}
      from ${from} where ${where} ${before === null ? sql`` : sql`and ${key} < ${before}`}
      order by ${key} desc ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
  const csvCells = sql.join(
    columns.map((_, i) => sql`t.${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  // Row 1 is the sheet's header.
  const copied = await copyOut(
    db,
    sql`select ${format === 'csv' ? csvCells : sheetRows(columns)} from (${rowsAfter(null, 2)}) t order by t.k desc`,
    {
      settings: { ...EXPORT_SETTINGS, statement_timeout: String(EXPORT_COPY_TIMEOUT_MS) },
      format: format === 'csv' ? 'format csv' : SHEET_ROWS_FORMAT,
    },
  );
  if (copied) {
    return streamExport<Buffer>(reply, {
      ...options,
      batches: copied,
      encode: { csv: (chunk) => chunk, sheet: (chunk) => chunk },
    });
  }
  let read = 0;
  const batches = keysetBatches<CellRow>(
    async (before, limit) => {
      // The batches come one after another: the rows read so far are the rows before this one.
      const inner = rowsAfter(before, read + 2, limit);
      const rows = await exportRows<CellRow>(
        db,
        format === 'csv' ? inner : sql`select t.k, ${sheetRows(columns)} as x from (${inner}) t order by t.k desc`,
      );
      read += rows.length;
      return rows;
    },
    (row) => Number(row.k),
  );
  return streamExport<CellRow[]>(reply, {
    ...options,
    batches,
    encode: {
      csv: (batch) => {
        let chunk = '';
        for (const row of batch) {
          for (let i = 0; i < columns.length; i += 1) {
            const cell = row[`c${i}`] ?? null;
            if (i > 0) chunk += ',';
            // As COPY writes them: an empty text quoted, so that it reads back apart from a null.
            if (cell !== null) chunk += cell === '' ? '""' : csvField(cell);
          }
          chunk += '\n';
        }
        return chunk;
      },
      // As COPY writes them: a row a line.
      sheet: (batch) => batch.map((row) => `${row.x}\n`).join(''),
    },
  });
}

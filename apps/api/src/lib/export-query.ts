import type { Locale } from '@portal/shared/constants';
import { TIME_ZONE } from '@portal/shared/constants';
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
  sheetCellOfText,
  streamExport,
  UNFORMATTABLE,
} from './export.js';

/**
 * Exports of a list's rows, each column an SQL expression (docs/decisions/0043-exports-by-copy.md):
 * PostgreSQL writes every cell as the text lib/export.ts's `csvCell` would write for its kind, and a
 * CSV is PostgreSQL's own `COPY … TO STDOUT` passed on as bytes (db/copy-out.ts). An XLSX, or a CSV
 * when no export connection is free, reads the same cells in batches by the key (newest first).
 */

/** A column read by SQL: its header, what it holds, and its value's SQL (money in piastres). */
export type QueryColumn = ExportHead & { value: SQL };

/** How long one export's COPY may run, a slow client's download included (then the file is cut). */
export const EXPORT_COPY_TIMEOUT_MS = 10 * 60_000;

/** A value out of a known set (a status) as its label in the caller's language; others as they are. */
export function labelled(value: SQL, labels: Record<string, string>): SQL {
  const cases = Object.entries(labels).map(([key, label]) => sql` when ${key} then ${label}`);
  return sql`(case (${value})::text${sql.join(cases)} else (${value})::text end)`;
}

/** What a spreadsheet reads as the start of a formula (OWASP "CSV Injection"), as lib/export.ts's FORMULA_START. */
const FORMULA_STARTS = sql.raw(`'=', '+', '-', '@', chr(9), chr(13)`);

/** A column's cell as text, written by PostgreSQL as lib/export.ts writes the same value. */
export function cellSql({ kind, value }: { kind: ExportKind; value: SQL }): SQL {
  switch (kind) {
    case 'text':
      return sql`(case when left((${value})::text, 1) in (${FORMULA_STARTS}) then '''' || (${value})::text else (${value})::text end)`;
    case 'integer':
      return sql`(${value})::bigint::text`;
    case 'money':
      // Piastres as EGP with two decimals: round(…, 2) gives a numeric of scale 2, "12.50", "-0.05".
      return sql`round((${value})::numeric / 100, 2)::text`;
    case 'date':
      return sql`(${value})::date::text`;
    case 'datetime':
      // The wall time in Cairo, whole seconds (cut, not rounded, as lib/export.ts does).
      return sql`date_trunc('second', (${value})::timestamptz at time zone ${TIME_ZONE})::text`;
  }
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
  const cells = sql.join(
    columns.map((column, i) => sql`${cellSql(column)} as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  const copied =
    format === 'csv'
      ? await copyOut(db, sql`select ${cells} from ${from} where ${where} order by ${key} desc`, {
          ...EXPORT_SETTINGS,
          statement_timeout: String(EXPORT_COPY_TIMEOUT_MS),
        })
      : undefined;
  if (copied) {
    return streamExport<Buffer>(reply, {
      ...options,
      batches: copied,
      encode: {
        csv: (chunk) => chunk,
        sheet: () => {
          throw new Error('a COPY gives CSV only');
        },
      },
    });
  }
  const batches = keysetBatches<CellRow>(
    (before, limit) =>
      exportRows<CellRow>(
        db,
        sql`select ${key} as k, ${cells} from ${from}
          where ${where} ${before === null ? sql`` : sql`and ${key} < ${before}`}
          order by ${key} desc limit ${limit}`,
      ),
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
      sheet: (batch, asText) =>
        batch.map((row) =>
          columns.map((column, i) => {
            const text = row[`c${i}`] ?? null;
            const cell = sheetCellOfText(column.kind, text);
            return cell === UNFORMATTABLE ? asText(Number(row.k), column, text) : cell;
          }),
        ),
    },
  });
}

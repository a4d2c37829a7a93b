import { PassThrough } from 'node:stream';
import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/**
 * The one export helper (DESIGN §6): every row a list's filters match, not a page, streamed
 * from the database in batches (keyset on the id) into CSV (UTF-8 with a BOM, so Excel opens
 * Arabic right) or XLSX (exceljs' streaming writer), headers in the caller's language. Memory
 * stays flat however many rows: one batch at a time.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportColumn<T> = {
  /** Catalogue key of the header. */
  header: string;
  value: (row: T) => string | number | null;
};

const BATCH = 1000;

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

export async function sendExport<T>(
  reply: FastifyReply,
  options: {
    format: ExportFormat;
    /** File name without extension (ASCII). */
    name: string;
    locale: Locale;
    columns: ExportColumn<T>[];
    batches: AsyncIterable<T[]>;
  },
) {
  const headers = options.columns.map((c) => translate(options.locale, c.header));
  const out = new PassThrough();
  const filename = `${options.name}.${options.format}`;
  reply
    .type(CONTENT_TYPES[options.format])
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');
  const write = async () => {
    if (options.format === 'csv') {
      out.write('\uFEFF');
      const csv = stringify({ header: true, columns: headers });
      csv.pipe(out);
      for await (const batch of options.batches) {
        for (const row of batch) {
          if (!csv.write(options.columns.map((c) => c.value(row) ?? ''))) {
            await new Promise((resolve) => csv.once('drain', resolve));
          }
        }
      }
      csv.end();
      return;
    }
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet(options.name, {
      views: [{ rightToLeft: options.locale === 'ar', state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = headers.map((header) => ({ header, width: Math.max(12, header.length + 4) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const batch of options.batches) {
      for (const row of batch) sheet.addRow(options.columns.map((c) => c.value(row))).commit();
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed while streaming');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(out);
}

/** Money for a file in the caller's language (EGP), and a day the same way. */
export function exportFormatters(locale: Locale) {
  const intl = locale === 'ar' ? 'ar-EG' : 'en-EG';
  const money = new Intl.NumberFormat(intl, { style: 'currency', currency: 'EGP', maximumFractionDigits: 2 });
  const day = new Intl.DateTimeFormat(intl, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  return {
    money: (pounds: number) => money.format(pounds),
    day: (value: string | null) => (value ? day.format(new Date(`${value}T00:00:00Z`)) : ''),
  };
}

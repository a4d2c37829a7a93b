import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';

/**
 * Reads an uploaded table (CSV or XLSX, decided by content and name) into rows of text cells
 * keyed by the header row, with each row's line number as a person sees it in the file (the
 * header is line 1). Maintained libraries read the formats (csv-parse, exceljs).
 */
export type TableRow = { line: number; cells: Record<string, string> };

export class TableFileError extends Error {
  constructor(readonly reason: 'type' | 'empty' | 'unreadable') {
    super(`table file: ${reason}`);
    this.name = 'TableFileError';
  }
}

function headerOf(value: unknown): string {
  return String(value ?? '')
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();
}

/** A cell as text: dates written by a spreadsheet come back as yyyy-mm-dd. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const rich = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (rich.richText)
      return rich.richText
        .map((p) => p.text)
        .join('')
        .trim();
    if (rich.result !== undefined) return cellText(rich.result);
    if (rich.text !== undefined) return String(rich.text).trim();
  }
  return String(value).trim();
}

async function readXlsx(bytes: Buffer): Promise<TableRow[]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new TableFileError('unreadable');
  }
  const sheet = book.worksheets[0];
  if (!sheet || sheet.rowCount < 1) throw new TableFileError('empty');
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
    headers[column] = headerOf(cell.value);
  });
  const rows: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (line === 1) return;
    const cells: Record<string, string> = {};
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      const header = headers[column];
      if (header) cells[header] = cellText(cell.value);
    });
    if (Object.values(cells).some((v) => v !== '')) rows.push({ line, cells });
  });
  return rows;
}

function readCsv(bytes: Buffer): TableRow[] {
  let records: string[][];
  try {
    records = parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: true });
  } catch {
    throw new TableFileError('unreadable');
  }
  const [header, ...body] = records;
  if (!header) throw new TableFileError('empty');
  const headers = header.map(headerOf);
  const rows: TableRow[] = [];
  body.forEach((record, index) => {
    if (record.every((value) => value === '')) return;
    const cells: Record<string, string> = {};
    headers.forEach((name, column) => {
      if (name) cells[name] = record[column] ?? '';
    });
    rows.push({ line: index + 2, cells });
  });
  return rows;
}

/** The rows of a CSV or XLSX file; anything else, an empty file or an unreadable one is a TableFileError. */
export async function readTableFile(bytes: Buffer, filename: string): Promise<TableRow[]> {
  if (bytes.length === 0) throw new TableFileError('empty');
  const name = filename.toLowerCase();
  const kind = await fileTypeFromBuffer(bytes);
  let rows: TableRow[];
  if (kind?.ext === 'xlsx' || (kind?.ext === 'zip' && name.endsWith('.xlsx'))) rows = await readXlsx(bytes);
  else if (!kind && name.endsWith('.csv') && !bytes.includes(0)) rows = readCsv(bytes);
  else throw new TableFileError('type');
  if (rows.length === 0) throw new TableFileError('empty');
  return rows;
}

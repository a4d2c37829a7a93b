import type { Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A one-sheet XLSX written as a stream (lib/export.ts): the sheet's rows go out as they come, each
 * batch one XML chunk into one deflate stream, so memory stays flat however many rows. It writes
 * the parts exceljs' streaming writer wrote (same cell XML: `t="str"` text, numbers with a style,
 * dates as serial numbers with a date style), without its per-cell objects and style lookups, which
 * cost 60 % of an XLSX export's CPU (docs/decisions/0026-exports-as-data.md, "The pipeline").
 *
 * The zip: each part a deflated entry; the sheet's sizes and CRC follow it in a data descriptor
 * (bit 3), since they are known only at its end. No ZIP64: a sheet over 4 GiB fails the export.
 */

/** A column's cell style: index into cellXfs below. */
export type XlsxStyle = 'text' | 'integer' | 'money' | 'date' | 'datetime';

export const STYLE_INDEX: Record<XlsxStyle, number> = { text: 0, money: 1, integer: 2, date: 3, datetime: 4 };
/** The header row's style (bold) of a column of that style. */
const HEADER_STYLE_INDEX: Record<XlsxStyle, number> = { text: 5, money: 6, integer: 7, date: 8, datetime: 9 };

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
/**
 * The number formats of the kinds (decision 0026): integer `0` (built-in 1), money `#,##0.00`
 * (built-in 4), date `yyyy-mm-dd` (164), datetime `yyyy-mm-dd hh:mm` (165); header cells bold.
 */
const xf = (numFmt: number, font: number) =>
  `<xf numFmtId="${numFmt}" fontId="${font}" fillId="0" borderId="0" xfId="0"${numFmt ? ' applyNumberFormat="1"' : ''}${font ? ' applyFont="1"' : ''}/>`;
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="10">${[0, 4, 1, 164, 165].map((n) => xf(n, 0)).join('')}${[0, 4, 1, 164, 165].map((n) => xf(n, 1)).join('')}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // As character references a line break is kept as it was: a bare carriage return would be read
  // back as a line feed (XML's end-of-line rule), and lib/export-query.ts's rows hold no line break.
  '\r': '&#13;',
  '\n': '&#10;',
};
/** Markup escaped; control characters XML 1.0 cannot hold are dropped (as exceljs did). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const XML_SPECIAL = /[&<>"'\r\n\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function xmlText(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL, (c) => XML_ESCAPES[c] ?? '') : text;
}

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A cell of the sheet: text, a number, or a date as its serial number (days since 1899-12-30). */
export type SheetValue = string | number | null;

const DOS_TIME = 0;
/** 1980-01-01, the zip format's first day: the entries carry no meaningful date. */
const DOS_DATE = (1 << 5) | 1;
const UTF8_NAMES = 1 << 11;
const DATA_DESCRIPTOR = 1 << 3;
const DEFLATE = 8;
const MAX_32 = 0xffff_ffff;

type Entry = { name: Buffer; flags: number; crc: number; compressed: number; size: number; offset: number };

export class XlsxStream {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
  private sheet: Entry | undefined;
  private crc = 0;
  private size = 0;
  private compressed = 0;
  private rowNumber = 0;
  private readonly letters: string[];

  constructor(
    private readonly out: Writable,
    private readonly options: {
      sheetName: string;
      rightToLeft: boolean;
      columns: { header: string; style: XlsxStyle; width: number }[];
    },
  ) {
    this.letters = options.columns.map((_, i) => columnName(i));
    // Not expected (zlib fails only without memory), but an 'error' without a listener would end
    // the process: the file is cut instead, which the writer's loop sees as `out` gone.
    this.deflate.on('error', (error) => this.out.destroy(error));
  }

  private put(bytes: Buffer): boolean {
    this.offset += bytes.length;
    return this.out.write(bytes);
  }

  private localHeader(name: string, flags: number, crc: number, compressed: number, size: number): Entry {
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(DOS_TIME, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(compressed, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry = { name: nameBytes, flags, crc, compressed, size, offset: this.offset };
    this.put(Buffer.concat([header, nameBytes]));
    return entry;
  }

  /** A small part whose bytes are known at once. */
  private part(name: string, text: string): void {
    const data = Buffer.from(text, 'utf8');
    const deflated = deflateRawSync(data);
    this.entries.push(this.localHeader(name, UTF8_NAMES, crc32(data), deflated.length, data.length));
    this.put(deflated);
  }

  /** The parts before the sheet, the sheet's opening and its header row. */
  start(): void {
    const { columns, rightToLeft, sheetName } = this.options;
    this.part('[Content_Types].xml', CONTENT_TYPES);
    this.part('_rels/.rels', ROOT_RELS);
    this.part(
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId2"/></sheets></workbook>`,
    );
    this.part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    this.part('xl/styles.xml', STYLES);
    this.sheet = this.localHeader('xl/worksheets/sheet1.xml', UTF8_NAMES | DATA_DESCRIPTOR, 0, 0, 0);
    this.deflate.on('data', (chunk: Buffer) => {
      this.compressed += chunk.length;
      // Backpressure is taken from the deflate stream (write() below); the socket's is passed on
      // by pausing deflate until `out` drains.
      if (!this.put(chunk)) {
        this.deflate.pause();
        this.out.once('drain', () => this.deflate.resume());
      }
    });
    const cols = columns
      .map(
        (c, i) =>
          `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${c.style === 'text' ? '' : ` style="${STYLE_INDEX[c.style]}"`}/>`,
      )
      .join('');
    const header = columns
      .map(
        (c, i) =>
          `<c r="${this.letters[i]}1" s="${HEADER_STYLE_INDEX[c.style]}" t="str"><v>${xmlText(c.header)}</v></c>`,
      )
      .join('');
    this.rowNumber = 1;
    this.sheetXml(
      `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"${rightToLeft ? ' rightToLeft="1"' : ''}><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${header}</row>`,
    );
  }

  /** The XML of rows (each an array of cells in column order), ready for write(). */
  rowsXml(rows: SheetValue[][]): string {
    const { columns } = this.options;
    let xml = '';
    for (const cells of rows) {
      const r = ++this.rowNumber;
      xml += `<row r="${r}">`;
      for (let i = 0; i < cells.length; i += 1) {
        const value = cells[i];
        if (value === null || value === undefined) continue;
        const ref = `${this.letters[i]}${r}`;
        if (typeof value === 'string') xml += `<c r="${ref}" t="str"><v>${xmlText(value)}</v></c>`;
        else {
          const style = columns[i]?.style ?? 'text';
          xml +=
            style === 'text'
              ? `<c r="${ref}"><v>${value}</v></c>`
              : `<c r="${ref}" s="${STYLE_INDEX[style]}"><v>${value}</v></c>`;
        }
      }
      xml += '</row>';
    }
    return xml;
  }

  /** Sheet XML (text, or its UTF-8 bytes) into the deflate stream; false when it wants a 'drain' first. */
  sheetXml(xml: string | Buffer): boolean {
    const data = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
    this.crc = crc32(data, this.crc);
    this.size += data.length;
    if (this.size > MAX_32) throw new Error('the XLSX sheet is over 4 GiB (no ZIP64)');
    return this.deflate.write(data);
  }

  /** Resolves when the deflate stream takes more, or `out` is gone. */
  drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.deflate.off('drain', done);
        this.out.off('close', done);
        resolve();
      };
      this.deflate.on('drain', done);
      this.out.on('close', done);
    });
  }

  /** The sheet's end, its data descriptor and the zip's central directory; `out` is ended. */
  async finish(): Promise<void> {
    const sheet = this.sheet;
    if (!sheet) throw new Error('finish() before start()');
    const ended = new Promise<void>((resolve, reject) => {
      this.deflate.once('end', resolve);
      this.deflate.once('error', reject);
    });
    this.sheetXml('</sheetData></worksheet>');
    this.deflate.end();
    await ended;
    if (this.compressed > MAX_32) throw new Error('the XLSX sheet is over 4 GiB compressed (no ZIP64)');
    Object.assign(sheet, { crc: this.crc >>> 0, compressed: this.compressed, size: this.size });
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(sheet.crc, 4);
    descriptor.writeUInt32LE(sheet.compressed, 8);
    descriptor.writeUInt32LE(sheet.size, 12);
    this.put(descriptor);
    this.entries.push(sheet);
    const directoryStart = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(entry.flags, 8);
      record.writeUInt16LE(DEFLATE, 10);
      record.writeUInt16LE(DOS_TIME, 12);
      record.writeUInt16LE(DOS_DATE, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      this.put(Buffer.concat([record, entry.name]));
    }
    const directorySize = this.offset - directoryStart;
    if (this.offset > MAX_32) throw new Error('the XLSX file is over 4 GiB (no ZIP64)');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directorySize, 12);
    end.writeUInt32LE(directoryStart, 16);
    this.out.end(end);
  }

  /** Stops compressing (the export failed or the client went away). */
  destroy(): void {
    this.deflate.destroy();
  }
}

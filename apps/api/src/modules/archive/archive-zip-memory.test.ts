import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArchiveFolder, pdfBytes } from '../../../test/factories/archive.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { inTransaction, systemScope } from '../../db/transaction.js';

/**
 * The zip is streamed, never built in memory: a folder of 1,000 files of 200 KiB (a ~200 MB
 * zip) is downloaded over a real socket while the process's memory is sampled every 300 ms (after a full collection). If
 * the zip (or any large part of it) were held in memory, heap + buffers would grow by hundreds
 * of MB; streamed, they stay within a small bound.
 */
const FILES = 1000;
const FILE_BYTES = 200 * 1024;
const MB = 1024 * 1024;

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;

let t: TestApp;
let admin: string;
let folderId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  folderId = (await createArchiveFolder(t.db, { name: 'ألف ملف' })).id;
  const filler = randomBytes(FILE_BYTES);
  const rows: { key: string; size: number; name: string; short: string }[] = [];
  for (let i = 0; i < FILES; i += 1) {
    const head = pdfBytes(String(i));
    const stored = await t.app.storage.put(Readable.from([head, filler.subarray(head.length)]), {
      area: 'archive',
      filename: `f${i}.pdf`,
      accept: ['pdf'],
      maxBytes: FILE_BYTES,
    });
    rows.push({ key: stored.key, size: stored.size, name: `ملف ${i}.pdf`, short: `f-${i}` });
  }
  // One statement for the 1,000 rows (factories row by row would take most of the test's time).
  await inTransaction(systemScope(t.db), async (tx) => {
    await tx.db.execute(sql`insert into archive_items (parent_id, kind, name, short_name, sort_order, storage_key, size, mime)
      select ${folderId}, 'file', r.name, r.short, r.ord, r.key, r.size, 'application/pdf'
      from jsonb_to_recordset(${JSON.stringify(rows.map((r, i) => ({ ...r, ord: i + 1 })))}::jsonb)
        as r(name text, short text, ord int, key text, size int)`);
  });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** Downloads `url` over a real socket, keeping only its size and its last bytes (the zip's end record). */
function download(url: string): Promise<{ status: number; total: number; tail: Buffer }> {
  return new Promise((resolve, reject) => {
    let total = 0;
    let tail = Buffer.alloc(0);
    get(url, (response) => {
      response.on('data', (chunk: Buffer) => {
        total += chunk.length;
        tail = Buffer.concat([tail, chunk]).subarray(-64);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, total, tail }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('a zip of 1,000 files', () => {
  it('streams in bounded memory', async () => {
    // A link opens one download: one for the warm-up, one for the measure.
    const link = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/archive/zip/token/${folderId}`,
        headers: bearer(admin),
      });
      return (res.json().data as { url: string }).url;
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // A first download warms up what grows once and stays (the database's WebAssembly memory for
    // the tree's query, the server's buffers); the second one is measured.
    expect((await download(`http://127.0.0.1:${port}${await link()}`)).status).toBe(200);
    const url = await link();

    gc();
    const base = process.memoryUsage();
    const baseline = base.heapUsed + base.arrayBuffers;
    let peak = 0;
    let peakRss = 0;
    let samples = 0;
    // Each sample after a full collection: what is held, not garbage waiting for the collector.
    const sampler = setInterval(() => {
      gc();
      samples += 1;
      const m = process.memoryUsage();
      peak = Math.max(peak, m.heapUsed + m.arrayBuffers - baseline);
      peakRss = Math.max(peakRss, m.rss - base.rss);
    }, 300);

    const { status, total, tail } = await download(`http://127.0.0.1:${port}${url}`);
    clearInterval(sampler);

    expect(status).toBe(200);
    expect(total).toBeGreaterThan(FILES * FILE_BYTES);
    // End of central directory: signature, then the number of entries.
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(eocd).toBeGreaterThanOrEqual(0);
    expect(tail.readUInt16LE(eocd + 10)).toBe(FILES);
    console.info(
      `zip ${(total / MB).toFixed(0)} MB: heap+buffers grew at most ${(peak / MB).toFixed(1)} MB, RSS ${(peakRss / MB).toFixed(1)} MB`,
    );
    // ~200 MB went through; a buffered zip would need all of it at once. Measured here: 0–29 MB
    // (the collector and the database keep some of their own), so the bound leaves room for that.
    const seen = `${samples} samples, heap+buffers ${(peak / MB).toFixed(1)} MB, RSS ${(peakRss / MB).toFixed(1)} MB`;
    expect(samples, seen).toBeGreaterThanOrEqual(3);
    expect(peak, seen).toBeLessThan(64 * MB);
    expect(peakRss, seen).toBeLessThan(128 * MB);
  }, 120_000);
});

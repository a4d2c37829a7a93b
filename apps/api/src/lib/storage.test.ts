import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_BYTES, PNG_BYTES } from '../../test/helpers/multipart.js';
import { detectKind, type FileStorage, localStorage, StorageRejection } from './storage.js';

const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

async function text(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('file storage on the local disk', () => {
  let dir: string;
  let storage: FileStorage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-storage-'));
    storage = localStorage(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('decides the type by content, and the name must agree', async () => {
    expect(await detectKind(PNG_BYTES, 'a.PNG', ['png', 'jpg'])).toBe('png');
    expect(await detectKind(JPEG_BYTES, 'a.jpeg', ['png', 'jpg'])).toBe('jpg');
    expect(await detectKind(JPEG_BYTES, 'a.png', ['png', 'jpg'])).toBeUndefined();
    expect(await detectKind(PDF_BYTES, 'contract.pdf', ['pdf'])).toBe('pdf');
    expect(await detectKind(PDF_BYTES, 'contract.pdf', ['png'])).toBeUndefined();
    expect(await detectKind(Buffer.from('مرحبا، ملاحظات'), 'notes.txt', ['txt'])).toBe('txt');
    expect(await detectKind(PNG_BYTES, 'notes.txt', ['txt'])).toBeUndefined();
    expect(await detectKind(Buffer.from('hello'), 'x.exe', ['png', 'pdf', 'txt'])).toBeUndefined();
  });

  it('streams a file in under a random name and back out', async () => {
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(200_000, 0x20)]);
    // Many small chunks, as a network upload arrives.
    const chunks = Array.from({ length: Math.ceil(big.length / 1000) }, (_, i) =>
      big.subarray(i * 1000, (i + 1) * 1000),
    );
    const stored = await storage.put(Readable.from(chunks), {
      area: 'requests',
      filename: 'contract.pdf',
      accept: ['pdf'],
      maxBytes: 512 * 1024,
    });
    expect(stored).toMatchObject({ kind: 'pdf', mime: 'application/pdf', size: big.length });
    expect(stored.key).toMatch(/^requests\/[0-9a-f]{32}\.pdf$/);
    const again = await storage.put(Readable.from([PDF_BYTES]), {
      area: 'requests',
      filename: 'contract.pdf',
      accept: ['pdf'],
      maxBytes: 1024,
    });
    expect(again.key).not.toBe(stored.key);
    const read = await storage.get(stored.key);
    expect(read?.size).toBe(big.length);
    expect((await text(read?.stream as Readable)).equals(big)).toBe(true);
    await storage.delete(stored.key);
    expect(await storage.get(stored.key)).toBeUndefined();
  });

  it('refuses a wrong type, an empty file and an oversized one, leaving nothing behind', async () => {
    const put = (bytes: Buffer[], filename: string, maxBytes = 1024) =>
      storage.put(Readable.from(bytes), { area: 'refused', filename, accept: ['png'], maxBytes });
    await expect(put([JPEG_BYTES], 'x.png')).rejects.toEqual(new StorageRejection('type'));
    await expect(put([], 'x.png')).rejects.toEqual(new StorageRejection('empty'));
    await expect(put([PNG_BYTES, Buffer.alloc(5000)], 'x.png')).rejects.toEqual(new StorageRejection('too_large'));
    // Past the first chunk too: the size is counted while streaming.
    const many = [PNG_BYTES, ...Array.from({ length: 20 }, () => Buffer.alloc(4096))];
    await expect(put(many, 'x.png', 40_000)).rejects.toEqual(new StorageRejection('too_large'));
    const left = await readdir(path.join(dir, 'uploads', 'refused')).catch(() => []);
    expect(left).toEqual([]);
  });

  it('never opens a key it did not make', async () => {
    expect(await storage.get('../../etc/passwd')).toBeUndefined();
    expect(await storage.get('users/../../secret.png')).toBeUndefined();
    await expect(storage.delete('../outside')).resolves.toBeUndefined();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_BYTES, PNG_BYTES } from '../../test/helpers/multipart.js';
import { type S3TestServer, startS3Server } from '../../test/helpers/s3-server.js';
import { loadEnv } from '../config/env.js';
import { type FileStorage, localStorage, StorageRejection } from './storage.js';
import { s3SettingsOf, s3Storage } from './storage-s3.js';

/**
 * One contract, two implementations (DESIGN §6, docs/decisions/0014 and 0022): the local disk
 * and an S3-compatible store, the latter against a real S3 HTTP server (s3rver) started here.
 * Each must stream a file in under a random key and back out, refuse a wrong type, an empty
 * file and a file past its limit (also past the first multipart part) leaving nothing behind,
 * and never open a key of another shape.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** `size` bytes of a PDF, in 64 KiB chunks as a network upload arrives. */
function pdfStream(size: number): { stream: Readable; bytes: Buffer } {
  const bytes = Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);
  const chunks = Array.from({ length: Math.ceil(size / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536));
  return { stream: Readable.from(chunks), bytes };
}

type Backend = { name: string; storage: FileStorage; keys(): Promise<string[]>; close(): Promise<void> };

let s3: S3TestServer;
let dir: string;
const backends: Backend[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-storage-contract-'));
  s3 = await startS3Server('contract');
  const local = localStorage(dir);
  const remote = s3Storage(s3.settings);
  backends.push(
    {
      name: 'local disk',
      storage: local,
      keys: async () => {
        const { readdir } = await import('node:fs/promises');
        const areas = await readdir(path.join(dir, 'uploads')).catch(() => []);
        const all: string[] = [];
        for (const area of areas) {
          for (const f of await readdir(path.join(dir, 'uploads', area))) all.push(`${area}/${f}`);
        }
        return all.sort();
      },
      close: async () => undefined,
    },
    {
      name: 'S3',
      storage: remote,
      keys: async () => {
        const listed = await remote.client.send(new ListObjectsV2Command({ Bucket: 'contract' }));
        return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
      },
      close: async () => remote.client.destroy(),
    },
  );
}, 60_000);

afterAll(async () => {
  for (const b of backends) await b.close();
  await s3?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(['local disk', 'S3'])('the storage contract on %s', (name) => {
  const backend = () => {
    const found = backends.find((b) => b.name === name);
    if (!found) throw new Error(`no backend ${name}`);
    return found;
  };

  it('streams a file in under a random key and back out, and deletes it', async () => {
    const { storage } = backend();
    const { stream, bytes } = pdfStream(300_000);
    const stored = await storage.put(stream, {
      area: 'archive',
      filename: 'عقد.pdf',
      accept: ['pdf'],
      maxBytes: 512 * 1024,
    });
    expect(stored).toMatchObject({ kind: 'pdf', mime: 'application/pdf', size: bytes.length });
    expect(stored.key).toMatch(/^archive\/[0-9a-f]{32}\.pdf$/);
    const read = await storage.get(stored.key);
    expect(read).toMatchObject({ size: bytes.length, mime: 'application/pdf' });
    expect((await bytesOf(read?.stream as Readable)).equals(bytes)).toBe(true);
    await storage.delete(stored.key);
    expect(await storage.get(stored.key)).toBeUndefined();
    // Deleting what is not there is no error.
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
  });

  it('streams a file larger than one multipart part', async () => {
    const { storage } = backend();
    const { stream, bytes } = pdfStream(12 * 1024 * 1024 + 123);
    const stored = await storage.put(stream, {
      area: 'archive',
      filename: 'big.pdf',
      accept: ['pdf'],
      maxBytes: 20 * 1024 * 1024,
    });
    expect(stored.size).toBe(bytes.length);
    const read = await storage.get(stored.key);
    expect((await bytesOf(read?.stream as Readable)).equals(bytes)).toBe(true);
    await storage.delete(stored.key);
  }, 60_000);

  it('refuses a wrong type, an empty file and an oversized one, leaving nothing behind', async () => {
    const { storage, keys } = backend();
    const before = await keys();
    const put = (chunks: Buffer[], filename: string, maxBytes = 1024) =>
      storage.put(Readable.from(chunks), { area: 'refused', filename, accept: ['png'], maxBytes });
    await expect(put([JPEG_BYTES], 'x.png')).rejects.toEqual(new StorageRejection('type'));
    await expect(put([PNG_BYTES], 'x.jpg')).rejects.toEqual(new StorageRejection('type'));
    await expect(put([], 'x.png')).rejects.toEqual(new StorageRejection('empty'));
    await expect(put([PNG_BYTES, Buffer.alloc(5000)], 'x.png')).rejects.toEqual(new StorageRejection('too_large'));
    const many = [PNG_BYTES, ...Array.from({ length: 20 }, () => Buffer.alloc(4096))];
    await expect(put(many, 'x.png', 40_000)).rejects.toEqual(new StorageRejection('too_large'));
    // Past the first 5 MiB part of a multipart upload: the upload is aborted, no object is left.
    const { stream } = pdfStream(7 * 1024 * 1024);
    await expect(
      storage.put(stream, { area: 'refused', filename: 'x.pdf', accept: ['pdf'], maxBytes: 6 * 1024 * 1024 }),
    ).rejects.toEqual(new StorageRejection('too_large'));
    expect(await keys()).toEqual(before);
  }, 60_000);

  it('never opens or deletes a key it did not make', async () => {
    const { storage } = backend();
    for (const key of ['../../etc/passwd', 'users/../../secret.png', '/etc/passwd', 'archive/x.pdf', '']) {
      expect(await storage.get(key)).toBeUndefined();
      await expect(storage.delete(key)).resolves.toBeUndefined();
    }
  });
});

describe('choosing the store from the environment', () => {
  it('uses S3 only when the bucket and its keys are set, and names what is missing', () => {
    expect(s3SettingsOf(loadEnv({}))).toBeUndefined();
    expect(s3SettingsOf(loadEnv(s3.env))).toMatchObject({
      bucket: 'contract',
      endpoint: s3.settings.endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
    });
    // Without an endpoint (AWS itself): virtual-hosted addresses by default.
    expect(
      s3SettingsOf(loadEnv({ S3_BUCKET: 'my-bucket', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }))
        ?.forcePathStyle,
    ).toBe(false);
    expect(() => loadEnv({ S3_BUCKET: 'my-bucket' })).toThrow(/S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/);
    expect(() => loadEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadEnv({ S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toThrow(
      /S3_BUCKET/,
    );
  });
});

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../../../test/factories/archive.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { type FilePart, multipartBody, PNG_BYTES } from '../../../test/helpers/multipart.js';
import { type S3TestServer, startS3Server } from '../../../test/helpers/s3-server.js';
import { readZip } from '../../../test/helpers/zip.js';
import { rowsOf } from '../../db/client.js';

/**
 * The archive's files through the API on both stores (docs/decisions/0022): the local disk and
 * a real S3-compatible server (s3rver, started here), chosen by the S3_* settings exactly as in
 * production. Upload, download, the zip, a copy, a delete, and refused uploads leaving nothing.
 */
describe.each(['local', 's3'] as const)('archive files on %s storage', (backend) => {
  let s3: S3TestServer | undefined;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    if (backend === 's3') s3 = await startS3Server();
    t = await createTestApp({ ARCHIVE_FILE_MAX_MB: '1', ...(s3?.env ?? {}) });
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const send = (folderId: number, files: FilePart[], fields: Record<string, string> = {}) => {
    const body = multipartBody(files, fields);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/archive/upload/${folderId}`,
      headers: { ...bearer(admin), ...body.headers, 'accept-language': 'en' },
      payload: body.payload,
    });
  };
  const bucketKeys = async () => {
    if (!s3) return [];
    const client = (t.app.storage as unknown as { client: S3Client }).client;
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
    return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
  };
  const localKeys = () => readdir(path.join(t.env.DATA_DIR, 'uploads', 'archive')).catch(() => []);
  const keys = async () =>
    rowsOf<{ storage_key: string }>(
      await t.db.execute(sql`select storage_key from archive_items where storage_key is not null order by id`),
    ).map((r) => r.storage_key);

  it('stores uploads where the settings say, and serves them back one by one and as a zip', async () => {
    const a = pdfBytes('first');
    const b = Buffer.concat([pdfBytes('second'), Buffer.alloc(600 * 1024, 0x20)]);
    const res = await send(
      0,
      [
        { field: 'files[0]', filename: 'أول.pdf', contentType: 'application/pdf', bytes: a },
        { field: 'files[1]', filename: 'second.pdf', contentType: 'application/pdf', bytes: b },
        { field: 'files[2]', filename: 'scan.png', contentType: 'image/png', bytes: PNG_BYTES },
      ],
      { folder: 'مرفوعات' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { folder, items } = res.json().data as { folder: { id: number }; items: { id: number; size: number }[] };
    expect(items.map((i) => i.size)).toEqual([a.length, b.length, PNG_BYTES.length]);
    for (const key of await keys()) expect(await t.app.storage.get(key)).toBeDefined();
    // On S3 the objects are in the bucket and nothing went to the local disk.
    expect(await bucketKeys()).toEqual(backend === 's3' ? (await keys()).sort() : []);
    expect((await localKeys()).length).toBe(backend === 's3' ? 0 : 3);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/archive/download/${items[1]?.id}`,
      headers: bearer(admin),
    });
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.equals(b)).toBe(true);

    const link = await t.app.inject({
      method: 'POST',
      url: `/api/v1/archive/zip/token/${folder.id}`,
      headers: bearer(admin),
    });
    const zip = await t.app.inject({ method: 'GET', url: link.json().data.url });
    expect(zip.statusCode).toBe(200);
    const entries = await readZip(zip.rawPayload);
    expect(entries.get('أول.pdf')?.equals(a)).toBe(true);
    expect(entries.get('second.pdf')?.equals(b)).toBe(true);
    expect(entries.get('scan.png')?.equals(PNG_BYTES)).toBe(true);
  });

  it('copies stored objects on paste and removes them on delete', async () => {
    const up = await send(
      0,
      [{ field: 'file', filename: 'x.pdf', contentType: 'application/pdf', bytes: pdfBytes('x') }],
      {
        folder: 'to copy',
      },
    );
    const folder = up.json().data.folder as { id: number };
    const before = await keys();
    const paste = await t.app.inject({
      method: 'POST',
      url: '/api/v1/archive/paste_to/0',
      headers: bearer(admin),
      payload: { ids: [folder.id] },
    });
    expect(paste.statusCode, paste.body).toBe(200);
    const after = await keys();
    expect(after.length).toBe(before.length + 1);
    const fresh = after.filter((k) => !before.includes(k));
    expect(fresh).toHaveLength(1);
    const copied = await t.app.storage.get(fresh[0] ?? '');
    expect(copied).toBeDefined();
    copied?.stream.destroy();

    const original = before.filter((k) => !after.includes(k));
    expect(original).toEqual([]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/archive/${paste.json().data.items[0].id}`,
      headers: bearer(admin),
    });
    expect(del.statusCode).toBe(200);
    expect(await t.app.storage.get(fresh[0] ?? '')).toBeUndefined();
    // The original's file is untouched.
    for (const key of before) expect(await t.app.storage.get(key)).toBeDefined();
  });

  it('refuses a wrong type and a file over the limit, leaving nothing in the store', async () => {
    const before = await keys();
    const wrong = await send(0, [
      { field: 'files[0]', filename: 'ok.pdf', contentType: 'application/pdf', bytes: pdfBytes('ok') },
      { field: 'files[1]', filename: 'fake.pdf', contentType: 'application/pdf', bytes: PNG_BYTES },
    ]);
    expect(wrong.statusCode).toBe(422);
    const big = await send(0, [
      {
        field: 'file',
        filename: 'big.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.concat([pdfBytes(), Buffer.alloc(1024 * 1024)]),
      },
    ]);
    expect(big.statusCode).toBe(422);
    expect(big.json().errors[0].title).toBe('"big.pdf" is larger than 1 MB');
    expect(await keys()).toEqual(before);
  });
});

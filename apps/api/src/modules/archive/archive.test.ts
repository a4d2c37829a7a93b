import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArchiveFile, createArchiveFolder, pdfBytes } from '../../../test/factories/archive.js';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { type FilePart, multipartBody, PNG_BYTES } from '../../../test/helpers/multipart.js';
import { rowsOf } from '../../db/client.js';

/**
 * The archive manager through the real app on a real database (docs/decisions/0022): every
 * route, the bad inputs of the issue (traversal names, NUL, control characters, 1,000-character
 * names), moving a folder into its own subtree, the short-name check, and that a refused call
 * changes nothing (no row, no stored file).
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

function call(method: InjectOptions['method'], url: string, payload?: unknown, lang = 'en', token = admin) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

function upload(folderId: number | string, files: FilePart[], fields: Record<string, string> = {}, token = admin) {
  const body = multipartBody(files, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/archive/upload/${folderId}`,
    headers: { ...bearer(token), ...body.headers, 'accept-language': 'en' },
    payload: body.payload,
  });
}

const pdf = (filename: string, bytes: Buffer = pdfBytes(filename), field = 'file'): FilePart => ({
  field,
  filename,
  contentType: 'application/pdf',
  bytes,
});

type Snapshot = { rows: unknown[]; files: string[] };

/** Every archive row and every stored archive file: what "nothing changed" compares. */
async function snapshot(): Promise<Snapshot> {
  const rows = rowsOf(
    await t.db.execute(sql`select id, parent_id, kind, name, short_name, sort_order, content, storage_key
      from archive_items order by id`),
  );
  const files = await readdir(path.join(t.env.DATA_DIR, 'uploads', 'archive')).catch(() => []);
  return { rows, files: files.sort() };
}

async function row(id: number) {
  const [found] = rowsOf<{ parent_id: number | null; name: string; short_name: string; storage_key: string | null }>(
    await t.db.execute(sql`select parent_id, name, short_name, storage_key from archive_items where id = ${id}`),
  );
  return found;
}

describe('folders: create, list in order, rename, breadcrumbs, page text', () => {
  it('creates folders at the root and inside, lists them in order, and renames', async () => {
    const top = await call('PUT', '/archive', { name: 'عقود 2026', short_name: 'Contracts-2026' });
    expect(top.statusCode, top.body).toBe(201);
    const folder = top.json().data;
    expect(folder).toMatchObject({ kind: 'folder', parent_id: null, name: 'عقود 2026', short_name: 'contracts-2026' });
    expect(top.json().message).toBe('Folder created');

    const inside = await call('PUT', '/archive', { parent_id: folder.id, name: 'يناير', short_name: 'jan' });
    const second = await call('PUT', '/archive', { parent_id: folder.id, name: 'فبراير', short_name: 'feb' });
    expect([inside.statusCode, second.statusCode]).toEqual([201, 201]);

    const listing = await call('POST', `/archive/${folder.id}`);
    expect(listing.statusCode).toBe(200);
    expect(listing.json().data.folder.id).toBe(folder.id);
    expect(listing.json().data.items.map((i: { short_name: string }) => i.short_name)).toEqual(['jan', 'feb']);
    expect(listing.json().data.limits).toMatchObject({ max_file_bytes: 100 * 1024 * 1024, max_files: 20 });
    const root = await call('POST', '/archive');
    expect(root.json().data.folder).toBeNull();
    expect(root.json().data.items.some((i: { id: number }) => i.id === folder.id)).toBe(true);

    const renamed = await call('PUT', `/archive/${inside.json().data.id}`, {
      name: 'يناير 2026',
      short_name: 'jan-26',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'يناير 2026', short_name: 'jan-26' });
    // A short name used by a sibling: refused, translated, nothing changed.
    const before = await snapshot();
    const clash = await call('PUT', `/archive/${inside.json().data.id}`, { short_name: 'FEB' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual([
      { field: 'short_name', title: 'This short name is already used in this folder' },
    ]);
    const clashAr = await call('PUT', '/archive', { parent_id: folder.id, name: 'x', short_name: 'feb' }, 'ar');
    expect(clashAr.json().errors[0].title).toBe('هذا الاسم المختصر مستخدم في هذا المجلد');
    expect(await snapshot()).toEqual(before);
  });

  it('answers the short-name check as the dialogs type', async () => {
    const parent = await createArchiveFolder(t.db);
    const taken = await createArchiveFolder(t.db, { parentId: parent.id, shortName: 'reports' });
    const check = (name: string, body?: unknown, folder = parent.id) =>
      call('POST', `/archive/check_short_name/${folder}/${name}`, body);

    expect((await check('reports')).json().data).toEqual({ name: 'reports', available: false });
    expect((await check('REPORTS')).json().data).toEqual({ name: 'reports', available: false });
    expect((await check('reports-2')).json()).toMatchObject({
      data: { available: true },
      message: 'The short name is available',
    });
    // The item being renamed keeps its own name.
    expect((await check('reports', { except_id: taken.id })).json().data.available).toBe(true);
    // Another folder: free there.
    expect((await check('reports', undefined, 0)).json().data.available).toBe(true);
    // Not a folder, not there.
    expect((await check('x', undefined, taken.id + 100000)).statusCode).toBe(404);
    const file = await createArchiveFile(t.db, t.app.storage, { parentId: parent.id });
    expect((await check('x', undefined, file.id)).statusCode).toBe(422);
    // Names that are not short names, however they are spelt in the path.
    for (const bad of ['..%2F..%2Fetc', '%2Fetc%2Fpasswd', 'a%20b', 'a.b', '-lead', 'trail-', 'نص', '..%2F', 'a%5Cb']) {
      const res = await check(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors[0].field).toBe('name');
    }
    const nul = await check('ab%00cd');
    expect(nul.statusCode).toBe(422);
    // A bare `..` segment is resolved by the URL itself: it never reaches the check as a name.
    expect((await check('..')).statusCode).toBe(404);
    // Over a short name's limit, however far: the field's own translated error.
    for (const long of ['x'.repeat(101), 'x'.repeat(1000)]) {
      const res = await check(long);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ field: 'name', title: 'The short name is at most 100 characters' }]);
    }
    const longAr = await call('POST', `/archive/check_short_name/${parent.id}/${'x'.repeat(101)}`, undefined, 'ar');
    expect(longAr.json().errors[0].title).toBe('الاسم المختصر 100 حرف على الأكثر');
  });

  it('builds breadcrumbs from the root or from a folder above, in either language', async () => {
    const a = await createArchiveFolder(t.db, { name: 'الإدارة', shortName: 'crumb-a' });
    const b = await createArchiveFolder(t.db, { parentId: a.id, name: 'الموارد البشرية', shortName: 'crumb-b' });
    const c = await createArchiveFolder(t.db, { parentId: b.id, name: 'ملفات 2026', shortName: 'crumb-c' });
    const ar = await call('GET', `/archive/parents/${c.id}/ar/0`);
    expect(ar.statusCode).toBe(200);
    expect(ar.json().data).toEqual([
      { id: 0, name: 'الأرشيف', short_name: null },
      { id: a.id, name: 'الإدارة', short_name: 'crumb-a' },
      { id: b.id, name: 'الموارد البشرية', short_name: 'crumb-b' },
      { id: c.id, name: 'ملفات 2026', short_name: 'crumb-c' },
    ]);
    const en = await call('GET', `/archive/parents/${c.id}/en/0`);
    expect(en.json().data[0].name).toBe('Archive');
    const fromB = await call('GET', `/archive/parents/${c.id}/en/${b.id}`);
    expect(fromB.json().data.map((x: { id: number }) => x.id)).toEqual([b.id, c.id]);
    expect((await call('GET', '/archive/parents/0/ar/0')).json().data).toEqual([
      { id: 0, name: 'الأرشيف', short_name: null },
    ]);
    // A root that is not above the item, a missing item, a language that is not ar/en.
    const other = await createArchiveFolder(t.db);
    expect((await call('GET', `/archive/parents/${c.id}/en/${other.id}`)).statusCode).toBe(422);
    expect((await call('GET', `/archive/parents/${c.id + 100000}/en/0`)).statusCode).toBe(404);
    expect((await call('GET', `/archive/parents/${c.id}/fr/0`)).statusCode).toBe(422);
  });

  it("keeps a folder's page text per language and answers in the caller's language", async () => {
    const folder = await createArchiveFolder(t.db);
    const ar = await call('PUT', `/archive/content/${folder.id}`, {
      language: 'ar',
      content: '  دليل الأرشيف\r\nالسطر الثاني  ',
    });
    expect(ar.statusCode, ar.body).toBe(200);
    expect(ar.json().data).toMatchObject({ language: 'ar', content: 'دليل الأرشيف\nالسطر الثاني' });
    await call('PUT', `/archive/content/${folder.id}`, { language: 'en', content: 'Archive guide' });
    expect((await call('GET', `/archive/page/${folder.id}`, undefined, 'ar')).json().data.content).toBe(
      'دليل الأرشيف\nالسطر الثاني',
    );
    const en = await call('GET', `/archive/page/${folder.id}`, undefined, 'en');
    expect(en.json().data).toMatchObject({ language: 'en', content: 'Archive guide' });
    expect(en.json().data.item.content_languages).toEqual(['ar', 'en']);
    expect((await call('GET', `/archive/page/${folder.id}?language=ar`, undefined, 'en')).json().data.language).toBe(
      'ar',
    );
    // Empty text removes that language.
    await call('PUT', `/archive/content/${folder.id}`, { language: 'en', content: '' });
    expect((await call('GET', `/archive/page/${folder.id}`)).json().data.item.content_languages).toEqual(['ar']);

    const before = await snapshot();
    const refused = [
      await call('PUT', `/archive/content/${folder.id}`, { language: 'fr', content: 'x' }),
      await call('PUT', `/archive/content/${folder.id}`, { language: 'en', content: 'x'.repeat(20_001) }),
      await call('PUT', `/archive/content/${folder.id}`, { language: 'en', content: 'bad\u0000text' }),
      await call('PUT', `/archive/content/${folder.id}`, { language: 'en', content: 'esc\u001b[31m' }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([422, 422, 422, 422]);
    const file = await createArchiveFile(t.db, t.app.storage);
    const after = await snapshot();
    expect((await call('PUT', `/archive/content/${file.id}`, { language: 'en', content: 'x' })).statusCode).toBe(422);
    expect((await call('GET', `/archive/page/${file.id}`)).statusCode).toBe(422);
    expect((await call('GET', '/archive/page/999999')).statusCode).toBe(404);
    expect(after.rows.length).toBe(before.rows.length + 1);
    expect(await snapshot()).toEqual(after);
  });
});

describe('bad names: traversal, absolute paths, NUL, control characters, 1,000 characters', () => {
  it('refuses bad folder names with a translated 422 and changes nothing', async () => {
    const before = await snapshot();
    const bodies = [
      { name: '', short_name: 'ok-1' },
      { name: '../', short_name: 'ok-2' },
      { name: '..', short_name: 'ok-3' },
      { name: 'a\u0000b', short_name: 'ok-4' },
      { name: 'evil\u001b[2J', short_name: 'ok-5' },
      { name: 'x'.repeat(1000), short_name: 'ok-6' },
      { name: 'Ali \u202Enimda\u202C', short_name: 'ok-7' },
      { name: 'folder', short_name: '../etc' },
      { name: 'folder', short_name: '/etc/passwd' },
      { name: 'folder', short_name: 'C:\\Windows' },
      { name: 'folder', short_name: 'a\u0000b' },
      { name: 'folder', short_name: 'x'.repeat(1000) },
      { name: 'folder', short_name: 'has space' },
      { name: 'folder', short_name: '' },
      { name: 'folder', short_name: 'ok', parent_id: -1 },
      { name: 'folder', short_name: 'ok', parent_id: '1e3' },
    ];
    for (const body of bodies) {
      const res = await call('PUT', '/archive', body, 'ar');
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json().status).toBe('error');
      expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('sanitises display names: no separators, no leading dots, no control characters', async () => {
    const res = await call('PUT', '/archive', { name: '../../etc/passwd', short_name: 'etc-passwd' });
    expect(res.statusCode, res.body).toBe(201);
    const name = res.json().data.name as string;
    expect(name).not.toMatch(/[/\\]/);
    expect(name.startsWith('.')).toBe(false);
    expect(name).toContain('passwd');
    const windows = await call('PUT', '/archive', { name: 'C:\\Windows\\System32', short_name: 'win' });
    expect(windows.json().data.name).not.toMatch(/[/\\]/);
  });

  it('keeps uploaded file names as sanitised display names and never as paths', async () => {
    const folder = await createArchiveFolder(t.db);
    const names = [
      '../../../../etc/passwd.pdf',
      '/absolute/path/report.pdf',
      'C:\\Users\\x\\..\\tax.pdf',
      '.hidden.pdf',
      `${'ن'.repeat(1000)}.pdf`,
      'tab\there.pdf',
    ];
    const res = await upload(
      folder.id,
      names.map((n, i) => pdf(n, pdfBytes(n), `files[${i}]`)),
    );
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json().data.items as { name: string; short_name: string }[];
    expect(stored.map((s) => s.name)).toEqual([
      'passwd.pdf',
      'report.pdf',
      'tax.pdf',
      'hidden.pdf',
      `${'ن'.repeat(251)}.pdf`,
      'tab here.pdf',
    ]);
    for (const item of stored) {
      expect(item.short_name).toMatch(/^[a-z0-9](?:[a-z0-9_-]{0,98}[a-z0-9])?$/);
      expect([...item.name].length).toBeLessThanOrEqual(255);
    }
    // The stored keys are random and inside the archive's area.
    const rows = rowsOf<{ storage_key: string }>(
      await t.db.execute(sql`select storage_key from archive_items where parent_id = ${folder.id}`),
    );
    for (const r of rows) expect(r.storage_key).toMatch(/^archive\/[0-9a-f]{32}\.pdf$/);
  });
});

describe('upload, by content, all or nothing', () => {
  it('uploads one file, several files, and files into a new folder, with the uploaded type decided by content', async () => {
    const folder = await createArchiveFolder(t.db);
    const one = await upload(folder.id, [pdf('عقد الإيجار.pdf')]);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toBe('Files uploaded');
    expect(one.json().data.items[0]).toMatchObject({ kind: 'file', name: 'عقد الإيجار.pdf', mime: 'application/pdf' });
    expect(one.json().data.items[0].short_name).toBe('pdf');

    const many = await upload(folder.id, [
      { field: 'files[0]', filename: 'scan.png', contentType: 'image/png', bytes: PNG_BYTES },
      { field: 'files[1]', filename: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('ملاحظات الاجتماع') },
      pdf('same.pdf', pdfBytes('1'), 'files[2]'),
      pdf('same.pdf', pdfBytes('2'), 'files[3]'),
    ]);
    expect(many.statusCode, many.body).toBe(200);
    const items = many.json().data.items as { short_name: string; mime: string; sort_order: number }[];
    expect(items.map((i) => i.short_name)).toEqual(['scan-png', 'notes-txt', 'same-pdf', 'same-pdf-2']);
    expect(items.map((i) => i.mime)).toEqual([
      'image/png',
      'text/plain; charset=utf-8',
      'application/pdf',
      'application/pdf',
    ]);
    expect(items.map((i) => i.sort_order)).toEqual([2, 3, 4, 5]);

    const into = await upload(folder.id, [pdf('a.pdf', pdfBytes('a'), 'files[0]')], { folder: 'صور الفرع ../x' });
    expect(into.statusCode, into.body).toBe(200);
    expect(into.json().data.folder).toMatchObject({ kind: 'folder', parent_id: folder.id, name: 'صور الفرع ..-x' });
    expect(into.json().data.items[0].parent_id).toBe(into.json().data.folder.id);
    // At the root too.
    expect((await upload(0, [pdf('root.pdf')])).statusCode).toBe(200);
  });

  it('refuses the whole upload when one file is refused, storing nothing', async () => {
    const folder = await createArchiveFolder(t.db);
    const before = await snapshot();
    const cases: [FilePart[], string][] = [
      // A PNG that claims to be a PDF, a program, a text file with NUL bytes, an empty file.
      [[pdf('good.pdf', pdfBytes('g'), 'files[0]'), { ...pdf('fake.pdf', PNG_BYTES, 'files[1]') }], 'files[1]'],
      [
        [
          pdf('good.pdf'),
          {
            field: 'files[1]',
            filename: 'run.exe',
            contentType: 'application/octet-stream',
            bytes: Buffer.from('MZ\x90\x00'),
          },
        ],
        'files[1]',
      ],
      [
        [{ field: 'file', filename: 'x.txt', contentType: 'text/plain', bytes: Buffer.from([0x61, 0x00, 0x62]) }],
        'file',
      ],
      [[{ field: 'file', filename: 'empty.pdf', contentType: 'application/pdf', bytes: Buffer.alloc(0) }], 'file'],
    ];
    for (const [files, field] of cases) {
      const res = await upload(folder.id, files);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    const typeError = await upload(folder.id, [pdf('fake.pdf', PNG_BYTES)]);
    expect(typeError.json().errors[0].title).toContain('"fake.pdf" is not allowed');
    // No file at all, a field the upload does not have, not multipart.
    expect((await upload(folder.id, [])).statusCode).toBe(422);
    expect((await upload(folder.id, [pdf('x.pdf', pdfBytes(), 'other')])).statusCode).toBe(422);
    expect((await call('POST', `/archive/upload/${folder.id}`, { file: 'x' })).statusCode).toBe(415);
    // A bad new-folder name refuses the upload too.
    expect((await upload(folder.id, [pdf('x.pdf')], { folder: '..' })).statusCode).toBe(422);
    // Into a file, into nothing.
    const file = await createArchiveFile(t.db, t.app.storage);
    const afterFixture = await snapshot();
    expect((await upload(file.id, [pdf('x.pdf')])).statusCode).toBe(422);
    expect((await upload(999999, [pdf('x.pdf')])).statusCode).toBe(404);
    expect(afterFixture.rows.length).toBe(before.rows.length + 1);
    expect(await snapshot()).toEqual(afterFixture);
  });

  it('refuses a file over the archive limit, counted while it streams', async () => {
    const small = await createTestApp({ ARCHIVE_FILE_MAX_MB: '1' });
    try {
      const token = await loginAs(small.app, ADMIN.phone, ADMIN.password);
      const big = Buffer.concat([pdfBytes('big'), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
      const body = multipartBody([pdf('ok.pdf', pdfBytes('ok'), 'files[0]'), pdf('big.pdf', big, 'files[1]')]);
      const res = await small.app.inject({
        method: 'POST',
        url: '/api/v1/archive/upload/0',
        headers: { ...bearer(token), ...body.headers, 'accept-language': 'en' },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual([{ field: 'files[1]', title: '"big.pdf" is larger than 1 MB' }]);
      const left = await readdir(path.join(small.env.DATA_DIR, 'uploads', 'archive')).catch(() => []);
      expect(left).toEqual([]);
      const [count] = rowsOf<{ n: number }>(await small.db.execute(sql`select count(*)::int as n from archive_items`));
      expect(Number(count?.n)).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('refuses more files than one upload may carry', async () => {
    const files = Array.from({ length: 21 }, (_, i) => pdf(`f${i}.pdf`, pdfBytes(String(i)), `files[${i}]`));
    const before = await snapshot();
    const res = await upload(0, files);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].title).toBe('At most 20 files can be uploaded at once');
    expect(await snapshot()).toEqual(before);
  });
});

describe('download one file', () => {
  it('streams the bytes as a download with a safe name', async () => {
    const bytes = pdfBytes('download me');
    const file = await createArchiveFile(t.db, t.app.storage, { name: 'تقرير "سنوي"; 2026.pdf', bytes });
    const res = await call('GET', `/archive/download/${file.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(disposition.split('filename*=')[0]).not.toMatch(/"[^"]*"[^;]*"/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe('تقرير "سنوي"; 2026.pdf');
    const folder = await createArchiveFolder(t.db);
    expect((await call('GET', `/archive/download/${folder.id}`)).statusCode).toBe(422);
    expect((await call('GET', '/archive/download/999999')).statusCode).toBe(404);
    expect((await call('GET', '/archive/download/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(422);
  });
});

describe('order, move, copy, delete', () => {
  it('puts an item before or after a sibling', async () => {
    const parent = await createArchiveFolder(t.db);
    const [a, b, c] = [
      await createArchiveFolder(t.db, { parentId: parent.id, shortName: 'a' }),
      await createArchiveFolder(t.db, { parentId: parent.id, shortName: 'b' }),
      await createArchiveFolder(t.db, { parentId: parent.id, shortName: 'c' }),
    ];
    const order = async () =>
      ((await call('POST', `/archive/${parent.id}`)).json().data.items as { short_name: string }[]).map(
        (i) => i.short_name,
      );
    const res = await call('POST', `/archive/order/${c.id}/before/${a.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((i: { short_name: string }) => i.short_name)).toEqual(['c', 'a', 'b']);
    await call('POST', `/archive/order/${c.id}/after/${b.id}`);
    expect(await order()).toEqual(['a', 'b', 'c']);
    await call('POST', `/archive/order/${a.id}/after/${b.id}`);
    expect(await order()).toEqual(['b', 'a', 'c']);

    const before = await snapshot();
    const elsewhere = await createArchiveFolder(t.db);
    const withOther = await snapshot();
    expect((await call('POST', `/archive/order/${a.id}/after/${elsewhere.id}`)).statusCode).toBe(422);
    expect((await call('POST', `/archive/order/${a.id}/after/${a.id}`)).statusCode).toBe(422);
    expect((await call('POST', `/archive/order/${a.id}/inside/${b.id}`)).statusCode).toBe(422);
    expect((await call('POST', `/archive/order/${a.id}/after/999999`)).statusCode).toBe(404);
    expect(withOther.rows.length).toBe(before.rows.length + 1);
    expect(await snapshot()).toEqual(withOther);
  });

  it('moves items between folders and to the root, and never a folder into itself or its subtree', async () => {
    const a = await createArchiveFolder(t.db, { shortName: 'move-a' });
    const b = await createArchiveFolder(t.db, { parentId: a.id, shortName: 'move-b' });
    const c = await createArchiveFolder(t.db, { parentId: b.id, shortName: 'move-c' });
    const target = await createArchiveFolder(t.db);
    const file = await createArchiveFile(t.db, t.app.storage, { parentId: b.id });

    const moved = await call('POST', `/archive/move_to/${target.id}`, { ids: [file.id] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.items[0].parent_id).toBe(target.id);
    expect((await row(file.id))?.parent_id).toBe(target.id);

    const before = await snapshot();
    for (const into of [a.id, b.id, c.id]) {
      const res = await call('POST', `/archive/move_to/${into}`, { ids: [a.id] });
      expect(res.statusCode, `a into ${into}`).toBe(422);
      expect(res.json().errors[0].title).toBe(
        'A folder cannot be moved or copied into itself or one of its subfolders',
      );
    }
    // One good item with a bad one: nothing moves.
    expect((await call('POST', `/archive/move_to/${c.id}`, { ids: [file.id, b.id] })).statusCode).toBe(422);
    // Missing ids, a file as target, bad bodies.
    expect((await call('POST', `/archive/move_to/${target.id}`, { ids: [999999] })).statusCode).toBe(404);
    expect((await call('POST', `/archive/move_to/${file.id}`, { ids: [c.id] })).statusCode).toBe(422);
    expect((await call('POST', `/archive/move_to/${target.id}`, { ids: [] })).statusCode).toBe(422);
    expect((await call('POST', `/archive/move_to/${target.id}`, { ids: ['../1'] })).statusCode).toBe(422);
    expect((await call('POST', `/archive/move_to/${target.id}`, {})).statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);

    // A short name already used in the target.
    await createArchiveFolder(t.db, { parentId: target.id, shortName: 'move-c' });
    const clash = await snapshot();
    expect((await call('POST', `/archive/move_to/${target.id}`, { ids: [c.id] })).statusCode).toBe(422);
    expect(await snapshot()).toEqual(clash);

    // Down to the root and back under another folder: the subtree comes along.
    const up = await call('POST', '/archive/move_to/0', { ids: [b.id] });
    expect(up.statusCode, up.body).toBe(200);
    expect((await row(b.id))?.parent_id).toBeNull();
    expect((await row(c.id))?.parent_id).toBe(b.id);
  });

  it('two crossing moves never make a cycle', async () => {
    const x = await createArchiveFolder(t.db);
    const y = await createArchiveFolder(t.db);
    const [one, two] = await Promise.all([
      call('POST', `/archive/move_to/${y.id}`, { ids: [x.id] }),
      call('POST', `/archive/move_to/${x.id}`, { ids: [y.id] }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 422]);
    const [rx, ry] = [await row(x.id), await row(y.id)];
    expect(rx?.parent_id === y.id && ry?.parent_id === x.id).toBe(false);
  });

  it('pastes copies of folders with their subtrees and their stored files', async () => {
    const source = await createArchiveFolder(t.db, { shortName: 'paste-src', name: 'المصدر', content: { ar: 'نص' } });
    const sub = await createArchiveFolder(t.db, { parentId: source.id, shortName: 'sub' });
    const file = await createArchiveFile(t.db, t.app.storage, { parentId: sub.id, bytes: pdfBytes('copied bytes') });
    const target = await createArchiveFolder(t.db);
    await createArchiveFolder(t.db, { parentId: target.id, shortName: 'paste-src' });

    const res = await call('POST', `/archive/paste_to/${target.id}`, { ids: [source.id] });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().data.items[0];
    expect(copy).toMatchObject({ name: 'المصدر', short_name: 'paste-src-copy', parent_id: target.id });
    expect(copy.content_languages).toEqual(['ar']);
    const [copiedSub] = (await call('POST', `/archive/${copy.id}`)).json().data.items;
    expect(copiedSub).toMatchObject({ short_name: 'sub', kind: 'folder' });
    const [copiedFile] = (await call('POST', `/archive/${copiedSub.id}`)).json().data.items;
    expect(copiedFile.id).not.toBe(file.id);
    const copiedKey = (await row(copiedFile.id))?.storage_key;
    expect(copiedKey).not.toBe(file.key);
    // Same bytes, separate object: deleting the original leaves the copy whole.
    expect((await call('DELETE', `/archive/${source.id}`)).statusCode).toBe(200);
    const download = await call('GET', `/archive/download/${copiedFile.id}`);
    expect(download.rawPayload.equals(file.bytes)).toBe(true);
    // Pasting twice into the same folder: -copy-2.
    const again = await call('POST', `/archive/paste_to/${target.id}`, { ids: [copy.id] });
    expect(again.json().data.items[0].short_name).toBe('paste-src-copy-2');

    const before = await snapshot();
    for (const into of [copy.id, copiedSub.id]) {
      expect((await call('POST', `/archive/paste_to/${into}`, { ids: [copy.id] })).statusCode).toBe(422);
    }
    expect((await call('POST', `/archive/paste_to/${target.id}`, { ids: [999999] })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('deletes a folder with its subtree, and its stored files after the commit', async () => {
    const folder = await createArchiveFolder(t.db);
    const sub = await createArchiveFolder(t.db, { parentId: folder.id });
    const files = [
      await createArchiveFile(t.db, t.app.storage, { parentId: folder.id }),
      await createArchiveFile(t.db, t.app.storage, { parentId: sub.id }),
    ];
    const keep = await createArchiveFile(t.db, t.app.storage);
    const res = await call('DELETE', `/archive/${folder.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Deleted');
    expect(await row(folder.id)).toBeUndefined();
    expect(await row(sub.id)).toBeUndefined();
    for (const f of files) expect(await t.app.storage.get(f.key)).toBeUndefined();
    expect(await t.app.storage.get(keep.key)).toBeDefined();
    expect((await call('DELETE', `/archive/${folder.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/archive/0')).statusCode).toBe(422);
    // Every deleted row is in the audit log, with who did it.
    const audited = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from audit_logs
        where action = 'archive_items.delete' and user_id is not null
          and (old_value ->> 'id')::int in (${folder.id}, ${sub.id}, ${files[0]?.id}, ${files[1]?.id})`),
    );
    expect(Number(audited[0]?.n)).toBe(4);
  });
});

describe('permissions beyond the matrix', () => {
  it('a visitor reads but cannot change; an editor changes but cannot delete', async () => {
    const visitor = await createUser(t.db, { type: 'admin', roles: ['visitor'] });
    const editor = await createUser(t.db, { type: 'admin', roles: ['editor'] });
    const [v, e] = [
      await loginAs(t.app, visitor.phone, visitor.password),
      await loginAs(t.app, editor.phone, editor.password),
    ];
    const folder = await createArchiveFolder(t.db);
    expect((await call('POST', `/archive/${folder.id}`, undefined, 'en', v)).statusCode).toBe(200);
    expect((await call('PUT', '/archive', { name: 'x', short_name: 'visitor-x' }, 'en', v)).statusCode).toBe(403);
    expect((await upload(folder.id, [pdf('x.pdf')], {}, v)).statusCode).toBe(403);
    expect((await call('PUT', '/archive', { name: 'x', short_name: 'editor-x' }, 'en', e)).statusCode).toBe(201);
    expect((await call('DELETE', `/archive/${folder.id}`, undefined, 'en', e)).statusCode).toBe(403);
  });
});

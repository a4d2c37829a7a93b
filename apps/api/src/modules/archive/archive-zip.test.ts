import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArchiveFile, createArchiveFolder, pdfBytes } from '../../../test/factories/archive.js';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { readZip } from '../../../test/helpers/zip.js';
import { setClock } from '../../lib/clock.js';
import { ZIP_TOKEN_SECONDS } from './archive-download.js';

/**
 * A folder as a zip (GET /archive/zip/files/{id}?token=…) and its download token
 * (docs/decisions/0022 "The download token"): the zip's entries mirror the tree (empty folders
 * kept, clashing names told apart, no path escapes), and the token opens that folder only,
 * for a short time, for a live session of a user who may read the archive.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(async () => {
  setClock();
  await t?.close();
});

async function tokenFor(folderId: number, token = admin) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/archive/zip/token/${folderId}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { token: string; url: string; expires_at: string };
}

const open = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });

describe('a folder as a zip', () => {
  it('mirrors the tree: nested folders, empty folders, clashing and hostile names', async () => {
    const top = await createArchiveFolder(t.db, { name: 'ملفات الفرع' });
    const sub = await createArchiveFolder(t.db, { parentId: top.id, name: 'عقود' });
    await createArchiveFolder(t.db, { parentId: sub.id, name: 'فارغ' });
    const a = await createArchiveFile(t.db, t.app.storage, {
      parentId: top.id,
      name: 'تقرير.pdf',
      bytes: pdfBytes('1'),
    });
    const b = await createArchiveFile(t.db, t.app.storage, {
      parentId: top.id,
      name: 'تقرير.pdf',
      bytes: pdfBytes('2'),
    });
    const c = await createArchiveFile(t.db, t.app.storage, {
      parentId: sub.id,
      name: 'notes.txt',
      bytes: Buffer.from('ملاحظات '.repeat(500)),
    });
    // A name written straight into the database, past the API's sanitising: the zip still stays inside.
    const d = await createArchiveFile(t.db, t.app.storage, { parentId: sub.id, name: '../../../evil:?.pdf' });

    const link = await tokenFor(top.id);
    expect(link.url).toBe(`/api/v1/archive/zip/files/${top.id}?token=${encodeURIComponent(link.token)}`);
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(ZIP_TOKEN_SECONDS * 1000);
    const res = await open(link.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '')).toBe(
      'ملفات الفرع.zip',
    );
    const entries = await readZip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      ['عقود/', 'عقود/فارغ/', 'تقرير.pdf', 'تقرير (2).pdf', 'عقود/notes.txt', 'عقود/-..-..-evil__.pdf'].sort(),
    );
    expect(entries.get('تقرير.pdf')?.equals(a.bytes)).toBe(true);
    expect(entries.get('تقرير (2).pdf')?.equals(b.bytes)).toBe(true);
    expect(entries.get('عقود/notes.txt')?.equals(c.bytes)).toBe(true);
    expect(entries.get('عقود/-..-..-evil__.pdf')?.equals(d.bytes)).toBe(true);
    for (const name of entries.keys()) {
      expect(name.startsWith('/')).toBe(false);
      expect(name.split('/')).not.toContain('..');
    }
  });

  it('zips the whole archive from the root, and a file missing from storage as an empty entry', async () => {
    const folder = await createArchiveFolder(t.db, { name: 'root zip' });
    const gone = await createArchiveFile(t.db, t.app.storage, { parentId: folder.id, name: 'gone.pdf' });
    await t.app.storage.delete(gone.key);
    const res = await open((await tokenFor(0)).url);
    expect(res.statusCode).toBe(200);
    const entries = await readZip(res.rawPayload);
    expect(entries.has('root zip/')).toBe(true);
    expect(entries.get('root zip/gone.pdf')?.length).toBe(0);
  });

  it('refuses a file, a missing folder and a bad id', async () => {
    const file = await createArchiveFile(t.db, t.app.storage);
    const tokenRes = await t.app.inject({
      method: 'POST',
      url: `/api/v1/archive/zip/token/${file.id}`,
      headers: bearer(admin),
    });
    expect(tokenRes.statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/archive/zip/token/999999', headers: bearer(admin) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the download token', () => {
  it('opens its folder only, and is refused when missing, altered, expired or for another folder', async () => {
    const folder = await createArchiveFolder(t.db);
    const other = await createArchiveFolder(t.db);
    const { token } = await tokenFor(folder.id);
    const zipOf = (id: number, value?: string) =>
      open(`/api/v1/archive/zip/files/${id}${value === undefined ? '' : `?token=${encodeURIComponent(value)}`}`);
    expect((await zipOf(folder.id, token)).statusCode).toBe(200);
    // The link works without the bearer header (a browser download) and ignores another one.
    const missing = await zipOf(folder.id);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(
      'The download link is not valid or has expired, please ask for the download again',
    );
    expect((await zipOf(other.id, token)).statusCode).toBe(401);
    const [session, id, expires, nonce, mac] = token.split('.') as [string, string, string, string, string];
    const flipped = `${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [
      `${session}.${id}.${expires}.${nonce}.${flipped}`,
      `${session}.${other.id}.${expires}.${nonce}.${mac}`,
      `${session}.${id}.${Number(expires) + 3600}.${nonce}.${mac}`,
      `${Number(session) + 1}.${id}.${expires}.${nonce}.${mac}`,
      `${session}.${id}.${expires}.${nonce.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}.${mac}`,
      `${session}.${id}.${expires}.${mac}`,
      'garbage',
      `${token}\u0000`,
      'x'.repeat(500),
    ]) {
      expect([401, 422], bad.slice(0, 40)).toContain((await zipOf(folder.id, bad)).statusCode);
    }
    setClock(new Date(Date.now() + (ZIP_TOKEN_SECONDS + 1) * 1000));
    try {
      expect((await zipOf(folder.id, token)).statusCode).toBe(401);
    } finally {
      setClock();
    }
  });

  it('opens one download: the second is refused, translated, and of two at once only one starts', async () => {
    const folder = await createArchiveFolder(t.db);
    const { url } = await tokenFor(folder.id);
    expect((await open(url)).statusCode).toBe(200);
    for (const [lang, message] of [
      ['en', 'This download link has already been used, please ask for the download again'],
      ['ar', 'رابط التنزيل هذا استُخدم من قبل، من فضلك اطلب التنزيل مرة أخرى'],
    ] as const) {
      const again = await open(url, { 'accept-language': lang });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ status: 'error', code: 'archive.errors.download_used', message, errors: [] });
    }
    // A new link for the same folder works (once).
    expect((await open((await tokenFor(folder.id)).url)).statusCode).toBe(200);

    const raced = (await tokenFor(folder.id)).url;
    const both = await Promise.all([open(raced), open(raced), open(raced)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('dies with its session, and with the permission to read the archive', async () => {
    const folder = await createArchiveFolder(t.db);
    const staff = await createUser(t.db, { type: 'admin', roles: ['visitor'] });
    const session = await loginAs(t.app, staff.phone, staff.password);
    const { url } = await tokenFor(folder.id, session);
    expect((await open(url)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(session) });
    expect((await open(url)).statusCode).toBe(401);

    const reader = await createUser(t.db, { type: 'admin', permissions: ['archive.index'] });
    const readerSession = await loginAs(t.app, reader.phone, reader.password);
    const link = await tokenFor(folder.id, readerSession);
    expect((await open(link.url)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/roles/${reader.id}`,
      headers: bearer(admin),
      payload: { roles: [], permissions: [] },
    });
    expect((await open(link.url)).statusCode).toBe(403);
    // A customer cannot even ask for one.
    const customer = await createUser(t.db, { type: 'user', roles: ['user'] });
    const customerSession = await loginAs(t.app, customer.phone, customer.password);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/archive/zip/token/${folder.id}`,
      headers: bearer(customerSession),
    });
    expect(refused.statusCode).toBe(403);
  });
});

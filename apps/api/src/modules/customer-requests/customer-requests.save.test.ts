import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Permission } from '@portal/shared/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  attachDocument,
  createCustomerRequest,
  PDF_BYTES,
  requestFormFields,
} from '../../../test/factories/customer-requests.js';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { type FilePart, JPEG_BYTES, multipartBody, PNG_BYTES } from '../../../test/helpers/multipart.js';
import { rowsOf } from '../../db/client.js';
import { setClock } from '../../lib/clock.js';

/**
 * The request form with its documents (issue 12): POST /customers_requests/save and /save/{id},
 * the download of a document, its replacement, the hard delete, and the upload attacks of the
 * issue. Every refused save leaves no request row and no file in storage.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  setClock('2026-11-23T10:00:00Z');
  t = await createTestApp();
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(async () => {
  setClock();
  await t?.close();
});

type Account = { id: number; token: string };

async function account(permissions: Permission[] = [], type: 'user' | 'admin' = 'user'): Promise<Account> {
  const user = await createUser(t.db, {
    type,
    roles: type === 'user' ? ['user'] : [],
    emailVerified: true,
    permissions,
  });
  return { id: user.id, token: await loginAs(t.app, user.phone, user.password) };
}

const pdf = (field: string, filename = `${field}.pdf`, bytes: Buffer = PDF_BYTES): FilePart => ({
  field,
  filename,
  contentType: 'application/pdf',
  bytes,
});

function save(token: string, files: FilePart[], fields: Record<string, string>, id?: number, lang = 'en') {
  const body = multipartBody(files, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/customers_requests/save${id === undefined ? '' : `/${id}`}`,
    headers: { ...bearer(token), ...body.headers, 'accept-language': lang },
    payload: body.payload,
  });
}

const get = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

/** Every file in the test's storage folder for requests. */
async function storedFiles(): Promise<string[]> {
  const dir = path.join(t.env.DATA_DIR, 'uploads', 'requests');
  return readdir(dir).catch(() => []);
}

async function count(table: 'customer_requests' | 'customer_request_files'): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`));
  return Number(row?.n);
}

/** The company form of the browser test: service 2, organization type 2, a partner. */
const COMPANY = requestFormFields({
  service_id: '2',
  service_duration_id: '2',
  organization_type_id: '2',
  tax_registration_number: '123456789',
  Representative_type: 'partner',
});

describe('saving a request with its documents', { timeout: 60_000 }, () => {
  let customer: Account;
  beforeEach(async () => {
    customer = await account();
  });

  it('creates a company’s draft with its documents, served back byte for byte to the creator', async () => {
    const files = [
      pdf('identity_copy'),
      { field: 'commercial_registration_copy', filename: 'سجل تجاري.png', contentType: 'image/png', bytes: PNG_BYTES },
      { field: 'tax_registration_copy', filename: 'tax.jpg', contentType: 'image/jpeg', bytes: JPEG_BYTES },
      pdf('authorization_copy'),
      pdf('additionalFile[0]', 'extra.pdf'),
    ];
    const res = await save(customer.token, files, COMPANY);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({ status: 'success', errors: [] });
    expect(saved.code).toBe(`SR-${String(saved.id).padStart(6, '0')}`);

    const detail = await get(customer.token, `/customers_requests/${saved.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const request = detail.json().data;
    expect(request.request_status_type.code).toBe('draft');
    expect(request).toMatchObject({
      tax_registration_number: '123456789',
      Representative_type: 'partner',
      identity_expiration_date: '2030-05-01',
      user_type: 'representative',
    });
    expect(request.files.main_files.map((f: { content_type: string }) => f.content_type).sort()).toEqual([
      'authorization_copy',
      'commercial_registration_copy',
      'identity_copy',
      'tax_registration_copy',
    ]);
    expect(request.files.additional_files).toHaveLength(1);
    expect(request.history).toHaveLength(1);

    const png = request.files.main_files.find(
      (f: { content_type: string }) => f.content_type === 'commercial_registration_copy',
    );
    expect(png.document).toMatchObject({ title: 'سجل تجاري.png', mime: 'image/png', size: PNG_BYTES.length });
    const download = await get(customer.token, png.document.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''");
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    // Someone else's customer: the same 404 as for a document that does not exist.
    const stranger = await account();
    expect((await get(stranger.token, png.document.url)).statusCode).toBe(404);
    // Staff who may list requests read it.
    expect((await get(admin, png.document.url)).statusCode).toBe(200);
  });

  it('refuses a form without the identity copy and stores nothing', async () => {
    const [requestsBefore, filesBefore, onDisk] = [
      await count('customer_requests'),
      await count('customer_request_files'),
      (await storedFiles()).length,
    ];
    const res = await save(customer.token, [pdf('commercial_registration_copy')], COMPANY, undefined, 'ar');
    expect(res.statusCode).toBe(422);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toContain('identity_copy');
    expect(res.json().message).toBeTruthy();
    expect(await count('customer_requests')).toBe(requestsBefore);
    expect(await count('customer_request_files')).toBe(filesBefore);
    expect((await storedFiles()).length).toBe(onDisk);
  });

  it('drops the company papers and the tax number when the applicant is a person (organization type 1)', async () => {
    const created = await save(customer.token, [pdf('identity_copy')], requestFormFields());
    const id = created.json().data.id;
    const res = await save(
      customer.token,
      [pdf('identity_copy', 'new-id.pdf'), pdf('commercial_registration_copy')],
      requestFormFields({ tax_registration_number: '123456789' }),
      id,
    );
    expect(res.statusCode, res.body).toBe(200);
    const request = (await get(customer.token, `/customers_requests/${id}`)).json().data;
    expect(request.tax_registration_number).toBeNull();
    expect(request.files.main_files).toHaveLength(1);
    expect(request.files.main_files[0]).toMatchObject({
      content_type: 'identity_copy',
      document: { title: 'new-id.pdf' },
    });
    // The replaced identity copy and the dropped paper are gone from storage too: one file left.
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from customer_request_files where request_id = ${id}`),
    );
    expect(Number(row?.n)).toBe(1);
  });

  it('lets the creator edit a draft and a rejection that is not final, never a final one', async () => {
    const draft = await createCustomerRequest(t.db, { createdBy: customer.id });
    await attachDocument(t.app, draft.id);
    expect((await save(customer.token, [], requestFormFields({ name: 'سارة محمود' }), draft.id)).statusCode).toBe(200);

    const final = await createCustomerRequest(t.db, { createdBy: customer.id, status: 8, rejectionReasonId: 7 });
    await attachDocument(t.app, final.id);
    const refused = await save(customer.token, [], requestFormFields(), final.id);
    expect(refused.statusCode).toBe(409);

    const other = await createCustomerRequest(t.db, { createdBy: (await account()).id });
    expect((await save(customer.token, [], requestFormFields(), other.id)).statusCode).toBe(404);
  });

  it('replaces one document through archive/update, and deletes a request with its files for good', async () => {
    const draft = await createCustomerRequest(t.db, { createdBy: customer.id });
    const fileId = await attachDocument(t.app, draft.id);
    const before = (await storedFiles()).length;
    const body = multipartBody([{ field: 'file', filename: 'id-new.png', contentType: 'image/png', bytes: PNG_BYTES }]);
    const replaced = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customers_requests/archive/update/${fileId}`,
      headers: { ...bearer(customer.token), ...body.headers },
      payload: body.payload,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await storedFiles()).length).toBe(before);
    const request = (await get(customer.token, `/customers_requests/${draft.id}`)).json().data;
    expect(request.files.main_files[0].document).toMatchObject({ title: 'id-new.png', mime: 'image/png' });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/customers_requests/delete/${draft.id}`,
      headers: bearer(admin),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get(admin, `/customers_requests/${draft.id}`)).statusCode).toBe(404);
    expect((await storedFiles()).length).toBe(before - 1);
    const [history] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from workflow_history where machine = 'customer_request' and record_id = ${draft.id}`,
      ),
    );
    expect(Number(history?.n)).toBe(0);
  });
});

describe('upload attacks on /save', { timeout: 60_000 }, () => {
  let customer: Account;
  beforeAll(async () => {
    customer = await account();
  });

  const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
  const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
  const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

  it.each([
    ['an .exe renamed .pdf', EXE, 'identity.pdf'],
    ['an .html renamed .pdf', HTML, 'identity.pdf'],
    ['an SVG with a script named .png', SVG, 'identity.png'],
  ])('refuses %s as a main document and stores nothing', async (_name, bytes, filename) => {
    const before = [await count('customer_requests'), (await storedFiles()).length];
    const res = await save(
      customer.token,
      [{ field: 'identity_copy', filename, contentType: 'application/pdf', bytes }],
      requestFormFields(),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ field: 'identity_copy', title: "This file's type or size is not allowed" }]);
    expect([await count('customer_requests'), (await storedFiles()).length]).toEqual(before);
  });

  it('discards hostile or oversized extra files, lists them, and keeps the rest of the save', async () => {
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(513 * 1024 - PDF_BYTES.length, 0x20)]);
    const res = await save(
      customer.token,
      [
        pdf('identity_copy'),
        { field: 'additionalFile[0]', filename: 'page.pdf', contentType: 'application/pdf', bytes: HTML },
        { field: 'additionalFile[1]', filename: 'big.pdf', contentType: 'application/pdf', bytes: big },
        { field: 'signedContract', filename: 'contract.png', contentType: 'image/png', bytes: PNG_BYTES },
        pdf('additionalFile[2]', 'ok.pdf'),
      ],
      requestFormFields(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { id, errors } = res.json().data;
    expect(errors).toEqual([
      { field: 'additionalFile[0]', file_name: 'page.pdf', message: 'requests.validation.file_type_size' },
      { field: 'additionalFile[1]', file_name: 'big.pdf', message: 'requests.validation.file_type_size' },
      { field: 'signedContract', file_name: 'contract.png', message: 'requests.validation.file_type_size' },
    ]);
    const request = (await get(customer.token, `/customers_requests/${id}`)).json().data;
    expect(request.files.additional_files.map((f: { document: { title: string } }) => f.document.title)).toEqual([
      'ok.pdf',
    ]);
  });

  it('stores a path-traversal name under a random key, its title cut to the last segment', async () => {
    const res = await save(customer.token, [pdf('identity_copy', '../../../../etc/passwd.pdf')], requestFormFields());
    expect(res.statusCode, res.body).toBe(200);
    const request = (await get(customer.token, `/customers_requests/${res.json().data.id}`)).json().data;
    expect(request.files.main_files[0].document.title).toBe('passwd.pdf');
    const [row] = rowsOf<{ storage_key: string }>(
      await t.db.execute(sql`select storage_key from customer_request_files where request_id = ${res.json().data.id}`),
    );
    expect(row?.storage_key).toMatch(/^requests\/[0-9a-f]{32}\.pdf$/);
  });

  it('refuses 30 files at once as a whole, with nothing stored', async () => {
    const before = [await count('customer_requests'), (await storedFiles()).length];
    const files = Array.from({ length: 30 }, (_, i) => pdf(`additionalFile[${i}]`, `f${i}.pdf`));
    const res = await save(customer.token, [pdf('identity_copy'), ...files], requestFormFields());
    expect(res.statusCode).toBe(413);
    expect([await count('customer_requests'), (await storedFiles()).length]).toEqual(before);
  });

  it('never serves a stored document as HTML', async () => {
    const res = await save(customer.token, [pdf('identity_copy')], requestFormFields());
    const request = (await get(customer.token, `/customers_requests/${res.json().data.id}`)).json().data;
    const download = await get(customer.token, request.files.main_files[0].document.url);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('exporting the list', { timeout: 60_000 }, () => {
  const exportAs = (token: string, body: object, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/customers_requests/export',
      headers: { ...bearer(token), 'accept-language': lang },
      payload: body,
    });

  it('streams the rows the filters match, in the caller’s language, and a customer only their own', async () => {
    const customer = await account();
    const mine = await createCustomerRequest(t.db, { createdBy: customer.id, status: 2, name: 'مريم صلاح' });
    const other = await createCustomerRequest(t.db, { createdBy: (await account()).id, status: 2, name: 'خالد سمير' });
    await createCustomerRequest(t.db, { createdBy: customer.id, status: 1, name: 'مسودة لا تظهر' });

    const csv = await exportAs(admin, { format: 'csv', filters: { request_status_type_id: 2 } }, 'ar');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/service-requests.*\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('رقم الطلب');
    expect(csv.body).toContain(mine.code);
    expect(csv.body).toContain(other.code);
    expect(csv.body).not.toContain('مسودة لا تظهر');

    const own = await exportAs(customer.token, { format: 'xlsx' });
    expect(own.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(own.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const codes = (sheet?.getColumn(1).values ?? []).slice(2).map(String);
    expect(codes).toContain(mine.code);
    expect(codes).not.toContain(other.code);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Request code');
  });

  it('refuses an unknown format with a translated 422', async () => {
    const res = await exportAs(admin, { format: 'pdf' });
    expect(res.statusCode).toBe(422);
  });
});

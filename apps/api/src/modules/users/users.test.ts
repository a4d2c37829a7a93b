import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { latestBirthdate } from '@portal/shared/schemas/users';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, findUserRow } from '../../../test/factories/users.js';
import { auditEntries } from '../../../test/helpers/audit.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { JPEG_BYTES, multipartBody, PNG_BYTES, photoUpload } from '../../../test/helpers/multipart.js';
import { sessions } from '../../db/schema/sessions.js';
import { users } from '../../db/schema/users.js';
import { setClock } from '../../lib/clock.js';

let t: TestApp;
let dataDir: string;
let admin: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-users-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function call(token: string | null, options: InjectOptions, lang?: 'ar' | 'en') {
  return t.app.inject({
    ...options,
    headers: {
      ...(options.headers ?? {}),
      ...(token ? bearer(token) : {}),
      ...(lang ? { 'accept-language': lang } : {}),
    },
  });
}

async function userCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

let seq = 0;
function newUserBody(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `سارة محمود ${seq}`,
    email: `sara.${seq}@example.com`,
    phone: `0109${String(seq).padStart(7, '0')}`,
    password: 'Sara@2024!',
    address: 'شارع التحرير، الدقي، الجيزة',
    birthdate: '1992-04-15',
    ...overrides,
  };
}

describe('PUT /users (create)', () => {
  it('creates a customer with normalized phone and email; the password logs in', async () => {
    const body = newUserBody({ phone: '٠١٠ ٩٨٧٦ ٥٤٣٢', email: '  Sara.Upper@Example.COM ' });
    const res = await call(admin, { method: 'PUT', url: '/api/v1/users', payload: body }, 'en');
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(res.json().message).toBe('The user was added');
    expect(data).toMatchObject({
      name: body.name,
      phone: '01098765432',
      email: 'sara.upper@example.com',
      type: 'user',
      birthDate: '1992-04-15',
      address: body.address,
      active: true,
      removed: false,
    });
    // Like a customer who registered: the customer role, which grants no back-office permission.
    expect(data.roles.map((r: { name: string }) => r.name)).toEqual(['user']);
    expect(data.role_permissions).toEqual([]);
    expect(JSON.stringify(res.json())).not.toMatch(/password|hash/i);
    await loginAs(t.app, '01098765432', 'Sara@2024!');
  });

  it('creates an administrator account with type admin', async () => {
    const res = await call(admin, { method: 'PUT', url: '/api/v1/users', payload: newUserBody({ type: 'admin' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.type).toBe('admin');
  });

  it('answers 409 with a field error for a taken phone or email (any case), and creates nothing', async () => {
    const first = newUserBody();
    expect((await call(admin, { method: 'PUT', url: '/api/v1/users', payload: first })).statusCode).toBe(201);
    const before = await userCount();
    const samePhone = await call(
      admin,
      { method: 'PUT', url: '/api/v1/users', payload: newUserBody({ phone: first.phone }) },
      'en',
    );
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().errors).toEqual([{ field: 'phone', title: 'This phone number belongs to another user' }]);
    const sameEmail = await call(admin, {
      method: 'PUT',
      url: '/api/v1/users',
      payload: newUserBody({ email: first.email.toUpperCase() }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().errors).toEqual([{ field: 'email', title: 'البريد الإلكتروني مسجّل لمستخدم آخر' }]);
    expect(await userCount()).toBe(before);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['missing name', { name: undefined }, 'name'],
    ['empty name', { name: '   ' }, 'name'],
    ['name not a string', { name: 12345 }, 'name'],
    ['huge name', { name: 'ا'.repeat(151) }, 'name'],
    ['missing email', { email: undefined }, 'email'],
    ['bad email', { email: 'not-an-email' }, 'email'],
    ['missing phone', { phone: undefined }, 'phone'],
    ['phone with letters', { phone: '0100abc1234' }, 'phone'],
    ['phone longer than 12', { phone: '0100123456789' }, 'phone'],
    ['missing password', { password: undefined }, 'password'],
    ['weak password (no capital, no symbol)', { password: 'password123' }, 'password'],
    ['short password', { password: 'Ab!1' }, 'password'],
    ['birthdate today', { birthdate: latestBirthdate(new Date(Date.now() + 86_400_000)) }, 'birthdate'],
    ['birthdate not a date', { birthdate: '2001-02-30x' }, 'birthdate'],
    ['birthdate before 1900', { birthdate: '1899-12-31' }, 'birthdate'],
    ['huge address', { address: 'ش'.repeat(501) }, 'address'],
    ['unknown type', { type: 'superuser' }, 'type'],
  ];
  for (const [label, change, field] of bad) {
    it(`refuses ${label} with 422 naming ${field}, in Arabic and English, creating nothing`, async () => {
      const before = await userCount();
      const payload = newUserBody(change);
      const ar = await call(admin, { method: 'PUT', url: '/api/v1/users', payload });
      expect(ar.statusCode).toBe(422);
      expect(ar.json().message).toBe('من فضلك أكمل البيانات المطلوبة');
      expect(ar.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      const en = await call(admin, { method: 'PUT', url: '/api/v1/users', payload }, 'en');
      expect(en.json().message).toBe('Please complete the required fields');
      expect(en.json().errors.find((e: { field: string }) => e.field === field).title).toMatch(/[A-Za-z]/);
      expect(await userCount()).toBe(before);
    });
  }

  it('accepts yesterday as a birthdate', async () => {
    const res = await call(admin, {
      method: 'PUT',
      url: '/api/v1/users',
      payload: newUserBody({ birthdate: latestBirthdate() }),
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a body over the size limit with 413 and a non-object body with 422', async () => {
    const huge = await call(admin, {
      method: 'PUT',
      url: '/api/v1/users',
      payload: { ...newUserBody(), address: 'x'.repeat(1_100_000) },
    });
    expect(huge.statusCode).toBe(413);
    const notObject = await call(admin, { method: 'PUT', url: '/api/v1/users', payload: [1, 2] });
    expect(notObject.statusCode).toBe(422);
  });

  it('is recorded in the audit log with the new row and no password hash', async () => {
    const res = await call(admin, { method: 'PUT', url: '/api/v1/users', payload: newUserBody() });
    const id = res.json().data.id as number;
    const [entry] = await auditEntries(t.app, admin, 'users.insert', id);
    expect(entry?.old_value).toBeNull();
    expect(entry?.new_value).toMatchObject({ id, name: res.json().data.name, phone: res.json().data.phone });
    expect(entry?.new_value).not.toHaveProperty('password_hash');
    expect(entry?.url).toBe('/api/v1/users');
  });
});

describe('POST /users (list)', () => {
  let prefix: string;
  beforeAll(async () => {
    prefix = 'قائمة';
    for (let i = 0; i < 12; i += 1) {
      await createUser(t.db, {
        name: `${prefix} عميل ${String(i).padStart(2, '0')}`,
        phone: `0155${String(i).padStart(7, '0')}`,
        email: `list${i}@example.org`,
        active: i % 4 !== 0,
      });
    }
  });

  it('pages with total and lastPage, filters by name, and sorts', async () => {
    const res = await call(admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { perPage: 5, page: 2, name: prefix, sortBy: 'name', sortOrder: 'asc' },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(12);
    expect(page.lastPage).toBe(3);
    expect(page.currentPage).toBe(2);
    expect(page.data.map((u: { name: string }) => u.name)).toEqual(
      [5, 6, 7, 8, 9].map((i) => `${prefix} عميل ${String(i).padStart(2, '0')}`),
    );
    expect(page.data[0]).not.toHaveProperty('roles');
    expect(page.data[0]).not.toHaveProperty('direct_permissions');
  });

  it('perPage -1 returns every row; offset overrides page', async () => {
    const all = await call(admin, { method: 'POST', url: '/api/v1/users', payload: { perPage: -1, name: prefix } });
    expect(all.json().data.data).toHaveLength(12);
    expect(all.json().data.lastPage).toBe(1);
    const offset = await call(admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { perPage: 5, offset: 10, name: prefix, sortBy: 'name', sortOrder: 'asc' },
    });
    expect(offset.json().data.data.map((u: { name: string }) => u.name)).toEqual([
      `${prefix} عميل 10`,
      `${prefix} عميل 11`,
    ]);
    expect(offset.json().data.currentPage).toBe(3);
  });

  it('filters by email, phone (Arabic digits too), type, active and search', async () => {
    const byEmail = await call(admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { filters: { email: 'LIST3@' } },
    });
    expect(byEmail.json().data.data.map((u: { email: string }) => u.email)).toEqual(['list3@example.org']);
    const byPhone = await call(admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { filters: { phone: '٠١٥٥٠٠٠٠٠٠٧' } },
    });
    expect(byPhone.json().data.data.map((u: { phone: string }) => u.phone)).toEqual(['01550000007']);
    const admins = await call(admin, { method: 'POST', url: '/api/v1/users', payload: { type: 'admin', perPage: -1 } });
    expect(admins.json().data.data.every((u: { type: string }) => u.type === 'admin')).toBe(true);
    expect(admins.json().data.data.some((u: { phone: string }) => u.phone === ADMIN.phone)).toBe(true);
    const inactive = await call(admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { name: prefix, filters: { active: false }, perPage: -1 },
    });
    expect(inactive.json().data.data.map((u: { active: boolean }) => u.active)).toEqual([false, false, false]);
    const search = await call(admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { search: '01550000011' },
    });
    expect(search.json().data.data.map((u: { phone: string }) => u.phone)).toEqual(['01550000011']);
    const wildcard = await call(admin, { method: 'POST', url: '/api/v1/users', payload: { search: '%' } });
    expect(wildcard.json().data.total).toBe(0);
  });

  it('detailed adds each row’s roles', async () => {
    const res = await call(admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { detailed: true, filters: { phone: ADMIN.phone } },
    });
    expect(res.json().data.data[0].roles).toEqual([{ id: expect.any(Number), name: 'admin' }]);
  });

  it('lists removed users only for admin_users holders, only when asked (removed: true)', async () => {
    const gone = await createUser(t.db, { name: 'عميل محذوف للقائمة' });
    expect((await call(admin, { method: 'DELETE', url: `/api/v1/users/${gone.id}` })).statusCode).toBe(200);
    // The default list hides them, even from admin_users holders (issue 9: deleted users looked merely inactive).
    const byDefault = await call(admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { name: 'عميل محذوف للقائمة' },
    });
    expect(byDefault.json().data.data).toEqual([]);
    const withAdminUsers = await call(admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { name: 'عميل محذوف للقائمة', filters: { removed: true } },
    });
    expect(withAdminUsers.json().data.data).toMatchObject([{ id: gone.id, removed: true, active: false }]);
    const onlyRemoved = await call(admin, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { filters: { removed: true }, perPage: -1 },
    });
    expect(onlyRemoved.json().data.data.every((u: { removed: boolean }) => u.removed)).toBe(true);
    const clerk = await createUser(t.db, { type: 'admin', roles: ['editor'] });
    const clerkToken = await loginAs(t.app, clerk.phone, clerk.password);
    const withoutAdminUsers = await call(clerkToken, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { name: 'عميل محذوف للقائمة', filters: { removed: true } },
    });
    expect(withoutAdminUsers.statusCode).toBe(200);
    expect(withoutAdminUsers.json().data.total).toBe(0);
  });

  const badLists: [string, Record<string, unknown>][] = [
    ['perPage not offered', { perPage: 7 }],
    ['page 0', { page: 0 }],
    ['page not a number', { page: 'two' }],
    ['unknown sort column', { sortBy: 'password_hash' }],
    ['bad sort order', { sortOrder: 'sideways' }],
    ['huge search', { search: 'ب'.repeat(101) }],
    ['bad date', { from_date: '2024-13-01' }],
    ['unknown type', { type: 'robot' }],
    ['negative offset', { offset: -1 }],
    ['filters not an object', { filters: 'all' }],
    ['detailed not a flag', { detailed: 'maybe' }],
  ];
  for (const [label, payload] of badLists) {
    it(`refuses ${label} with 422`, async () => {
      const res = await call(admin, { method: 'POST', url: '/api/v1/users', payload }, 'en');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.length).toBeGreaterThan(0);
    });
  }
});

describe('PUT /users/:id (edit)', () => {
  it('lets a customer edit themselves; the audit log keeps old and new values', async () => {
    const me = await createUser(t.db, { name: 'منى قبل', address: undefined } as never);
    const token = await loginAs(t.app, me.phone, me.password);
    const res = await call(token, {
      method: 'PUT',
      url: `/api/v1/users/${me.id}`,
      payload: {
        name: 'منى بعد',
        email: me.email,
        phone: me.phone,
        address: 'المعادي، القاهرة',
        birthdate: '1990-01-02',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'منى بعد', address: 'المعادي، القاهرة', birthDate: '1990-01-02' });
    const row = await findUserRow(t.db, me.id);
    expect(row?.name).toBe('منى بعد');
    const [entry] = await auditEntries(t.app, admin, 'users.update', me.id);
    expect(entry?.old_value).toMatchObject({ name: 'منى قبل', address: null });
    expect(entry?.new_value).toMatchObject({ name: 'منى بعد', address: 'المعادي، القاهرة' });
    expect(entry?.user?.id).toBe(me.id);
  });

  it('keeps address and birthdate when absent and clears them with null or ""', async () => {
    const me = await createUser(t.db);
    const first = await call(admin, {
      method: 'PUT',
      url: `/api/v1/users/${me.id}`,
      payload: { name: me.name, email: me.email, phone: me.phone, address: 'طنطا', birthdate: '1985-06-06' },
    });
    expect(first.statusCode).toBe(200);
    const keep = await call(admin, {
      method: 'PUT',
      url: `/api/v1/users/${me.id}`,
      payload: { name: 'اسم آخر', email: me.email, phone: me.phone },
    });
    expect(keep.json().data).toMatchObject({ address: 'طنطا', birthDate: '1985-06-06' });
    const clear = await call(admin, {
      method: 'PUT',
      url: `/api/v1/users/${me.id}`,
      payload: { name: 'اسم آخر', email: me.email, phone: me.phone, address: '', birthdate: null },
    });
    expect(clear.json().data).toMatchObject({ address: null, birthDate: null });
  });

  it('a member turns reminder e-mails off and on; absent keeps the choice; a bad value is a 422 on its field', async () => {
    const me = await createUser(t.db);
    const token = await loginAs(t.app, me.phone, me.password);
    const put = (extra: object) =>
      call(token, {
        method: 'PUT',
        url: `/api/v1/users/${me.id}`,
        payload: { name: me.name, email: me.email, phone: me.phone, ...extra },
      });
    expect((await put({})).json().data.reminder_emails).toBe(true);
    const off = await put({ reminder_emails: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.reminder_emails).toBe(false);
    expect((await findUserRow(t.db, me.id))?.reminderEmails).toBe(false);
    expect((await put({})).json().data.reminder_emails).toBe(false);
    const bad = await put({ reminder_emails: 'sometimes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['reminder_emails']);
    expect((await put({ reminder_emails: true })).json().data.reminder_emails).toBe(true);
    const [entry] = await auditEntries(t.app, admin, 'users.update', me.id);
    expect(entry?.new_value).toHaveProperty('reminder_emails');
  });

  it('a changed email or phone is no longer verified', async () => {
    const me = await createUser(t.db);
    await t.db.execute(sql`update users set email_verified_at = now(), phone_verified = true where id = ${me.id}`);
    const res = await call(admin, {
      method: 'PUT',
      url: `/api/v1/users/${me.id}`,
      payload: { name: me.name, email: `changed.${me.id}@example.com`, phone: `0157${String(me.id).padStart(7, '0')}` },
    });
    expect(res.json().data).toMatchObject({ email_verified: false, phoneVerify: false });
  });

  it('answers 409 on a phone or email another user has, changing nothing', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const before = await findUserRow(t.db, b.id);
    const res = await call(admin, {
      method: 'PUT',
      url: `/api/v1/users/${b.id}`,
      payload: { name: 'تغيير', email: b.email, phone: a.phone },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].field).toBe('phone');
    expect(await findUserRow(t.db, b.id)).toEqual(before);
  });

  it('403 for another user without users.put, 404 for an unknown id with it, 422 for a bad id', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const token = await loginAs(t.app, a.phone, a.password);
    const payload = { name: 'مخترق', email: b.email, phone: b.phone };
    expect((await call(token, { method: 'PUT', url: `/api/v1/users/${b.id}`, payload })).statusCode).toBe(403);
    expect((await call(token, { method: 'PUT', url: '/api/v1/users/999999', payload })).statusCode).toBe(403);
    expect((await call(admin, { method: 'PUT', url: '/api/v1/users/999999', payload })).statusCode).toBe(404);
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await call(admin, { method: 'PUT', url: `/api/v1/users/${id}`, payload }, 'en');
      expect(res.statusCode, id).toBe(422);
      expect(res.json().errors[0]).toEqual({ field: 'id', title: 'The id is not valid' });
    }
  });

  it('refuses missing required fields with 422 and changes nothing', async () => {
    const me = await createUser(t.db);
    const before = await findUserRow(t.db, me.id);
    for (const payload of [
      {},
      { name: 'x' },
      { name: 'x', email: me.email },
      { name: 7, email: me.email, phone: me.phone },
    ]) {
      const res = await call(admin, { method: 'PUT', url: `/api/v1/users/${me.id}`, payload });
      expect(res.statusCode).toBe(422);
    }
    expect(await findUserRow(t.db, me.id)).toEqual(before);
  });

  it('a manager cannot edit an administrator (who holds more than them)', async () => {
    const manager = await createUser(t.db, { type: 'admin', roles: ['manager'] });
    const token = await loginAs(t.app, manager.phone, manager.password);
    const [seeded] = await t.db.select().from(users).where(eq(users.phone, ADMIN.phone));
    const res = await call(
      token,
      {
        method: 'PUT',
        url: `/api/v1/users/${seeded?.id}`,
        payload: { name: 'مدير مخترق', email: seeded?.email, phone: seeded?.phone },
      },
      'en',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot manage a user who holds permissions you do not have');
  });

  it('disabling an account needs users.put, revokes its sessions, and is refused on oneself', async () => {
    const customer = await createUser(t.db);
    const customerToken = await loginAs(t.app, customer.phone, customer.password);
    const self = await call(customerToken, {
      method: 'PUT',
      url: `/api/v1/users/${customer.id}`,
      payload: { name: customer.name, email: customer.email, phone: customer.phone, active: false },
    });
    expect(self.statusCode).toBe(409);
    const off = await call(admin, {
      method: 'PUT',
      url: `/api/v1/users/${customer.id}`,
      payload: { name: customer.name, email: customer.email, phone: customer.phone, active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(false);
    const after = await call(customerToken, { method: 'GET', url: `/api/v1/users/${customer.id}` });
    expect(after.statusCode).toBe(401);
    const on = await call(admin, {
      method: 'PUT',
      url: `/api/v1/users/${customer.id}`,
      payload: { name: customer.name, email: customer.email, phone: customer.phone, active: true },
    });
    expect(on.json().data.active).toBe(true);
    // The old session stays revoked; a new login works.
    expect((await call(customerToken, { method: 'GET', url: `/api/v1/users/${customer.id}` })).statusCode).toBe(401);
    await loginAs(t.app, customer.phone, customer.password);
  });
});

describe('DELETE /users/:id', () => {
  it('soft-deletes: row kept with deleted_at, sessions revoked, 404 afterwards, phone reusable, audited', async () => {
    const victim = await createUser(t.db);
    const victimToken = await loginAs(t.app, victim.phone, victim.password);
    const res = await call(admin, { method: 'DELETE', url: `/api/v1/users/${victim.id}` }, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The user was deleted');
    const row = await findUserRow(t.db, victim.id);
    expect(row?.deletedAt).not.toBeNull();
    expect((await call(victimToken, { method: 'GET', url: `/api/v1/users/${victim.id}` })).statusCode).toBe(401);
    const [session] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(and(eq(sessions.userId, victim.id), isNull(sessions.revokedAt)));
    expect(Number(session?.n)).toBe(0);
    expect((await call(admin, { method: 'GET', url: `/api/v1/users/${victim.id}` })).statusCode).toBe(404);
    expect((await call(admin, { method: 'DELETE', url: `/api/v1/users/${victim.id}` })).statusCode).toBe(404);
    const reuse = await call(admin, {
      method: 'PUT',
      url: '/api/v1/users',
      payload: newUserBody({ phone: victim.phone, email: victim.email }),
    });
    expect(reuse.statusCode).toBe(201);
    const [entry] = await auditEntries(t.app, admin, 'users.remove', victim.id);
    expect(entry?.old_value?.deleted_at).toBeNull();
    expect(entry?.new_value?.deleted_at).not.toBeNull();
  });

  it('refuses deleting oneself (409), unknown ids (404), bad ids (422), and without users.delete (403)', async () => {
    const [seeded] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, ADMIN.phone));
    const self = await call(admin, { method: 'DELETE', url: `/api/v1/users/${seeded?.id}` }, 'en');
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot delete your own account');
    expect((await call(admin, { method: 'DELETE', url: '/api/v1/users/987654' })).statusCode).toBe(404);
    expect((await call(admin, { method: 'DELETE', url: '/api/v1/users/x1' })).statusCode).toBe(422);
    const visitor = await createUser(t.db, { type: 'admin', roles: ['visitor'] });
    const target = await createUser(t.db);
    const token = await loginAs(t.app, visitor.phone, visitor.password);
    expect((await call(token, { method: 'DELETE', url: `/api/v1/users/${target.id}` })).statusCode).toBe(403);
    expect((await findUserRow(t.db, target.id))?.deletedAt).toBeNull();
  });

  it('never deletes, disables or strips the last administrator (409), and allows it while another remains', async () => {
    // A staff member holding every permission directly, but not the admin role itself.
    const all = (await t.app.inject({ method: 'POST', url: '/api/v1/roles/permissions', headers: bearer(admin) }))
      .json()
      .data.flatMap((g: { permissions: { name: string }[] }) => g.permissions.map((p) => p.name));
    const superClerk = await createUser(t.db, { type: 'admin', permissions: all });
    const token = await loginAs(t.app, superClerk.phone, superClerk.password);
    const [seeded] = await t.db.select().from(users).where(eq(users.phone, ADMIN.phone));
    const seededId = seeded?.id as number;

    const del = await call(token, { method: 'DELETE', url: `/api/v1/users/${seededId}` }, 'en');
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(
      'The last administrator cannot be deleted, disabled or lose the administrator role',
    );
    const disable = await call(token, {
      method: 'PUT',
      url: `/api/v1/users/${seededId}`,
      payload: { name: seeded?.name, email: seeded?.email, phone: seeded?.phone, active: false },
    });
    expect(disable.statusCode).toBe(409);
    const strip = await call(token, {
      method: 'PUT',
      url: `/api/v1/user/roles/${seededId}`,
      payload: { roles: [], permissions: [] },
    });
    expect(strip.statusCode).toBe(409);
    expect((await findUserRow(t.db, seededId))?.deletedAt).toBeNull();
    expect((await findUserRow(t.db, seededId))?.active).toBe(true);

    // With a second administrator, the first may go.
    const second = await createUser(t.db, { type: 'admin', roles: ['admin'] });
    const secondToken = await loginAs(t.app, second.phone, second.password);
    const gone = await call(secondToken, { method: 'DELETE', url: `/api/v1/users/${superClerk.id}` });
    expect(gone.statusCode).toBe(200);
    const other = await createUser(t.db, { type: 'admin', roles: ['admin'] });
    expect((await call(secondToken, { method: 'DELETE', url: `/api/v1/users/${other.id}` })).statusCode).toBe(200);
  });
});

describe('POST /me/password', () => {
  it('changes one’s own password with the old one, keeps this session and revokes the others', async () => {
    const me = await createUser(t.db);
    const current = await loginAs(t.app, me.phone, me.password);
    const other = await loginAs(t.app, me.phone, me.password);
    const res = await call(
      current,
      {
        method: 'POST',
        url: '/api/v1/me/password',
        payload: { old_password: me.password, new_password: 'Newer@Pass1', password: 'Newer@Pass1' },
      },
      'en',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The password was changed');
    expect((await call(current, { method: 'GET', url: `/api/v1/users/${me.id}` })).statusCode).toBe(200);
    expect((await call(other, { method: 'GET', url: `/api/v1/users/${me.id}` })).statusCode).toBe(401);
    await loginAs(t.app, me.phone, 'Newer@Pass1');
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: me.phone, password: me.password },
    });
    expect(old.statusCode).toBe(401);
    const [entry] = await auditEntries(t.app, admin, 'users.password_change', me.id);
    expect(entry?.new_value).not.toHaveProperty('password_hash');
    expect(entry?.user?.id).toBe(me.id);
  });

  it('with user_id=self works the same (old password required)', async () => {
    const me = await createUser(t.db);
    const token = await loginAs(t.app, me.phone, me.password);
    const missingOld = await call(
      token,
      {
        method: 'POST',
        url: `/api/v1/me/password?user_id=${me.id}`,
        payload: { new_password: 'Newer@Pass1', password: 'Newer@Pass1' },
      },
      'en',
    );
    expect(missingOld.statusCode).toBe(422);
    expect(missingOld.json().errors).toEqual([{ field: 'old_password', title: 'Please enter the current password' }]);
    const wrongOld = await call(token, {
      method: 'POST',
      url: `/api/v1/me/password?user_id=${me.id}`,
      payload: { old_password: 'Wrong@Pass1', new_password: 'Newer@Pass1', password: 'Newer@Pass1' },
    });
    expect(wrongOld.statusCode).toBe(422);
    expect(wrongOld.json().errors).toEqual([{ field: 'old_password', title: 'كلمة المرور الحالية غير صحيحة' }]);
    await loginAs(t.app, me.phone, me.password);
  });

  it('refuses a weak, mismatched, missing or oversized new password (422) and keeps the old one', async () => {
    const me = await createUser(t.db);
    const token = await loginAs(t.app, me.phone, me.password);
    const bodies: [Record<string, unknown>, string][] = [
      [{ old_password: me.password, new_password: 'weakpass', password: 'weakpass' }, 'new_password'],
      [{ old_password: me.password, new_password: 'Strong@Pass1', password: 'Strong@Pass2' }, 'password'],
      [{ old_password: me.password, password: 'Strong@Pass1' }, 'new_password'],
      [{ old_password: me.password, new_password: 'Strong@Pass1' }, 'password'],
      [
        { old_password: me.password, new_password: `A!${'a'.repeat(200)}`, password: `A!${'a'.repeat(200)}` },
        'new_password',
      ],
      [{ old_password: 5, new_password: 'Strong@Pass1', password: 'Strong@Pass1' }, 'old_password'],
    ];
    for (const [payload, field] of bodies) {
      const res = await call(token, { method: 'POST', url: '/api/v1/me/password', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const badQuery = await call(token, {
      method: 'POST',
      url: '/api/v1/me/password?user_id=abc',
      payload: { old_password: me.password, new_password: 'Strong@Pass1', password: 'Strong@Pass1' },
    });
    expect(badQuery.statusCode).toBe(422);
    await loginAs(t.app, me.phone, me.password);
  });

  it('an administrator sets another user’s password without the old one; all that user’s sessions end', async () => {
    const customer = await createUser(t.db);
    const customerToken = await loginAs(t.app, customer.phone, customer.password);
    const res = await call(admin, {
      method: 'POST',
      url: `/api/v1/me/password?user_id=${customer.id}`,
      payload: { new_password: 'Reset@Pass9', password: 'Reset@Pass9' },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(customerToken, { method: 'GET', url: `/api/v1/users/${customer.id}` })).statusCode).toBe(401);
    await loginAs(t.app, customer.phone, 'Reset@Pass9');
    const unknown = await call(admin, {
      method: 'POST',
      url: '/api/v1/me/password?user_id=999999',
      payload: { new_password: 'Reset@Pass9', password: 'Reset@Pass9' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('profile photo', () => {
  it('uploads a PNG for oneself, serves it only to those allowed, and replaces the old file', async () => {
    const me = await createUser(t.db);
    const other = await createUser(t.db);
    const token = await loginAs(t.app, me.phone, me.password);
    const otherToken = await loginAs(t.app, other.phone, other.password);
    const upload = photoUpload();
    const res = await call(token, { method: 'POST', url: `/api/v1/users/${me.id}/photo`, ...upload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.photo_url).toBe(`/api/v1/users/${me.id}/photo`);
    const firstName = (await findUserRow(t.db, me.id))?.image as string;
    expect(firstName).toMatch(/^users\/[0-9a-f]{32}\.png$/);
    expect(existsSync(path.join(dataDir, 'uploads', firstName))).toBe(true);

    const mine = await call(token, { method: 'GET', url: `/api/v1/users/${me.id}/photo` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await call(admin, { method: 'GET', url: `/api/v1/users/${me.id}/photo` })).statusCode).toBe(200);
    expect((await call(otherToken, { method: 'GET', url: `/api/v1/users/${me.id}/photo` })).statusCode).toBe(403);
    expect((await call(null, { method: 'GET', url: `/api/v1/users/${me.id}/photo` })).statusCode).toBe(401);

    const jpeg = photoUpload(JPEG_BYTES, 'me.JPG', 'image/jpeg');
    const replaced = await call(token, { method: 'POST', url: `/api/v1/users/${me.id}/photo`, ...jpeg });
    expect(replaced.statusCode).toBe(200);
    const secondName = (await findUserRow(t.db, me.id))?.image as string;
    expect(secondName).toMatch(/\.jpg$/);
    expect(existsSync(path.join(dataDir, 'uploads', firstName))).toBe(false);
    const served = await call(token, { method: 'GET', url: `/api/v1/users/${me.id}/photo` });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const [entry] = await auditEntries(t.app, admin, 'users.update', me.id);
    expect(entry?.old_value?.image).toBe(firstName);
    expect(entry?.new_value?.image).toBe(secondName);
  });

  it('twenty uploads at once leave exactly one photo on disk, the one the row names', async () => {
    const me = await createUser(t.db);
    const token = await loginAs(t.app, me.phone, me.password);
    const before = existsSync(path.join(dataDir, 'uploads', 'users'))
      ? await readdir(path.join(dataDir, 'uploads', 'users'))
      : [];
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(token, { method: 'POST', url: `/api/v1/users/${me.id}/photo`, ...photoUpload() }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const after = await readdir(path.join(dataDir, 'uploads', 'users'));
    const added = after.filter((name) => !before.includes(name));
    const image = (await findUserRow(t.db, me.id))?.image;
    expect(added.map((name) => `users/${name}`)).toEqual([image]);
  });

  it('refuses wrong content, wrong extension, too large, missing, non-multipart and malformed uploads', async () => {
    const me = await createUser(t.db);
    const token = await loginAs(t.app, me.phone, me.password);
    const url = `/api/v1/users/${me.id}/photo`;
    const cases: [string, InjectOptions, number][] = [
      ['text renamed to .png', photoUpload(Buffer.from('hello, not an image'), 'x.png', 'image/png'), 422],
      ['jpeg bytes named .png', photoUpload(JPEG_BYTES, 'x.png', 'image/png'), 422],
      ['png bytes named .gif', photoUpload(PNG_BYTES, 'x.gif', 'image/gif'), 422],
      ['png bytes named .pdf', photoUpload(PNG_BYTES, 'x.pdf', 'application/pdf'), 422],
      ['over 512 KB', photoUpload(Buffer.concat([PNG_BYTES, Buffer.alloc(600 * 1024)]), 'big.png'), 413],
      ['an empty file', photoUpload(Buffer.alloc(0), 'empty.png'), 422],
      [
        'another field name',
        multipartBody([{ field: 'document', filename: 'a.png', contentType: 'image/png', bytes: PNG_BYTES }]),
        422,
      ],
      ['no file at all', multipartBody([], { note: 'x' }), 422],
      ['a JSON body', { payload: { image: 'data:image/png;base64,AAAA' } }, 415],
      [
        'a broken multipart body',
        { payload: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=zzz' } },
        400,
      ],
    ];
    for (const [label, options, status] of cases) {
      const res = await call(token, { method: 'POST', url, ...options }, 'en');
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json().status).toBe('error');
    }
    const big = await call(
      token,
      { method: 'POST', url, ...photoUpload(Buffer.concat([PNG_BYTES, Buffer.alloc(600 * 1024)]), 'big.png') },
      'en',
    );
    expect(big.json().errors).toEqual([{ field: 'image', title: 'The photo is larger than allowed (512 KB)' }]);
    expect((await findUserRow(t.db, me.id))?.image).toBeNull();
    const stored = existsSync(path.join(dataDir, 'uploads', 'users'))
      ? await readdir(path.join(dataDir, 'uploads', 'users'))
      : [];
    const referenced = (await t.db.select({ image: users.image }).from(users)).map((r) => r.image);
    expect(stored.filter((name) => !referenced.includes(`users/${name}`))).toEqual([]);
    expect((await call(token, { method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('the birthdate rule follows the Cairo clock', () => {
  afterAll(() => setClock());

  it('at 22:30 UTC (already tomorrow in Cairo) the latest birthdate is Cairo’s yesterday', async () => {
    setClock('2026-03-14T22:30:00Z');
    const create = (birthdate: string, n: number) =>
      call(admin, {
        method: 'PUT',
        url: '/api/v1/users',
        payload: {
          name: 'مولود حديث',
          email: `clock${n}.${process.pid}@example.com`,
          phone: `0127${String(process.pid % 1000).padStart(3, '0')}000${n}`,
          password: 'Clock@2026',
          birthdate,
        },
      });
    // The machine's date (UTC) is the 14th; in Cairo it is the 15th, so the 15th is "today" and refused.
    const today = await create('2026-03-15', 1);
    expect(today.statusCode, today.body).toBe(422);
    expect(today.json().errors[0].field).toBe('birthdate');
    expect((await create('2026-03-14', 2)).statusCode).toBe(201);
  });
});

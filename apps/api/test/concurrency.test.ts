import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryAccounts } from '../src/db/schema/accounts.js';
import { registrationLookups } from '../src/db/schema/lookups.js';
import { userRoles } from '../src/db/schema/roles.js';
import { inTransaction, systemScope } from '../src/db/transaction.js';
import { insertCustomRole } from './access-matrix.js';
import { createUser, findUserRow } from './factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from './helpers/build-app.js';
import { mailJobs } from './helpers/mail-jobs.js';

/**
 * Pairs of calls fired at once (DESIGN §6 "Transactions"): whatever order the
 * database runs them in, each answers with a status a client can act on (never
 * 500) and the data ends consistent. The pairs really overlap: each holds a connection of
 * the pool.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_RATE_IP_MAX: '10000', ACCOUNT_RATE_MAX: '1000' });
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(() => t?.close());

const call = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

async function both<T>(a: () => Promise<T>, b: () => Promise<T>): Promise<[T, T]> {
  return Promise.all([a(), b()]);
}

describe('two calls at once', () => {
  it('two edits giving a role the same new permission both succeed, and the role holds it once', async () => {
    const roleId = await insertCustomRole(t.db, `دور متزامن ${process.pid}`);
    const body = { permissions: ['users.index', 'users.view', 'logs.index'] };
    const [a, b] = await both(
      () => call('PUT', `/api/v1/roles/${roleId}`, body),
      () => call('PUT', `/api/v1/roles/${roleId}`, body),
    );
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    const role = await t.app.inject({ method: 'GET', url: `/api/v1/roles/${roleId}`, headers: bearer(admin) });
    expect(role.json().data.permissions).toEqual(['users.index', 'users.view', 'logs.index']);
  });

  it('two assignments of the same roles to one user both succeed and store each role once', async () => {
    const staff = await createUser(t.db, { type: 'admin' });
    const roles = await t.app.inject({ method: 'POST', url: '/api/v1/roles', headers: bearer(admin) });
    const editor = (roles.json().data.data as { id: number; name: string }[]).find((r) => r.name === 'editor');
    const body = { roles: [editor?.id], permissions: ['roles.index'] };
    const [a, b] = await both(
      () => call('PUT', `/api/v1/user/roles/${staff.id}`, body),
      () => call('PUT', `/api/v1/user/roles/${staff.id}`, body),
    );
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    const held = await t.db.select().from(userRoles).where(eq(userRoles.userId, staff.id));
    expect(held).toHaveLength(1);
  });

  it('deleting a role while it is being given: one wins cleanly, nobody holds a deleted role', async () => {
    const staff = await createUser(t.db, { type: 'admin' });
    const roleId = await insertCustomRole(t.db, `دور يحذف ${process.pid}`);
    const [assign, remove] = await both(
      () => call('PUT', `/api/v1/user/roles/${staff.id}`, { roles: [roleId], permissions: [] }),
      () => call('DELETE', `/api/v1/roles/${roleId}`),
    );
    const outcome = [assign.statusCode, remove.statusCode];
    // Either the assignment came first (the delete sees a holder: 409), or the delete did (unknown role: 422).
    expect([
      [200, 409],
      [422, 200],
    ]).toContainEqual(outcome);
    const held = await t.db.select().from(userRoles).where(eq(userRoles.userId, staff.id));
    expect(held.map((r) => r.roleId)).toEqual(outcome[0] === 200 ? [roleId] : []);
  });

  it('deleting one user twice at once: one 200, one 404', async () => {
    const victim = await createUser(t.db);
    const [a, b] = await both(
      () => call('DELETE', `/api/v1/users/${victim.id}`),
      () => call('DELETE', `/api/v1/users/${victim.id}`),
    );
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
  });

  it('an edit racing a delete of the same user is a 200 or a 404, never a 500', async () => {
    for (let i = 0; i < 3; i += 1) {
      const victim = await createUser(t.db);
      const [edit, remove] = await both(
        () =>
          call('PUT', `/api/v1/users/${victim.id}`, {
            name: 'اسم جديد',
            email: victim.email as string,
            phone: victim.phone,
          }),
        () => call('DELETE', `/api/v1/users/${victim.id}`),
      );
      expect(remove.statusCode).toBe(200);
      expect([200, 404], edit.body).toContain(edit.statusCode);
      expect((await findUserRow(t.db, victim.id))?.deletedAt).not.toBeNull();
    }
  });

  it('approving one recovery account twice at once: one 200, one 409, one email', async () => {
    const customer = await createUser(t.db, { type: 'user', roles: ['user'] });
    const [level] = await t.db
      .select({ id: registrationLookups.id })
      .from(registrationLookups)
      .where(eq(registrationLookups.kind, 'level'));
    const [qualification] = await t.db
      .select({ id: registrationLookups.id })
      .from(registrationLookups)
      .where(eq(registrationLookups.kind, 'qualification'));
    const [row] = await inTransaction(systemScope(t.db), (tx) =>
      tx.db
        .insert(recoveryAccounts)
        .values({
          userId: customer.id,
          status: 'pending_review',
          arName: 'منى سعيد',
          enName: 'Mona Saeed',
          email: customer.email as string,
          mobile: `0157${String(process.pid % 1000).padStart(3, '0')}0001`,
          nationalId: `2950606${String(process.pid % 1000).padStart(3, '0')}0001`,
          levelId: level?.id as number,
          qualificationId: qualification?.id as number,
        })
        .returning({ id: recoveryAccounts.id }),
    );
    const [a, b] = await both(
      () => call('POST', '/api/v1/recovery/verify', { id: row?.id }),
      () => call('POST', '/api/v1/recovery/verify', { id: row?.id }),
    );
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await mailJobs(t.db, { userId: customer.id, mailKind: 'recovery_verified' })).toHaveLength(1);
  });
});

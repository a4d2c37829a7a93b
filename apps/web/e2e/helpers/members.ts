import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../../api/src/db/schema/users';
import { ADMIN, type Portal } from './portal';

/**
 * Seeding the members' side through the real API (and, for what no API call does for staff,
 * the database): the administrator's calls, a customer whose email is confirmed, an association.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Caller = (method: Method, url: string, payload?: unknown) => Promise<{ status: number; data: unknown }>;

async function login(portal: Portal, phone: string, password: string): Promise<{ token: string; id: number }> {
  const res = await portal.app.inject({ method: 'POST', url: '/api/v1/login', payload: { phone, password } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().data.access_token as string, id: res.json().data.user.id as number };
}

/** Calls the API as whoever logs in with this phone and password (the administrator by default). */
export async function callerFor(portal: Portal, phone: string = ADMIN.phone, password: string = ADMIN.password) {
  const { token, id } = await login(portal, phone, password);
  const call: Caller = async (method, url, payload) => {
    const res = await portal.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, data: res.body ? res.json().data : null };
  };
  return { call, token, id };
}

export type Member = { name: string; email: string; phone: string; password: string };

/**
 * A customer made by staff (PUT /users, type user) whose email is then marked confirmed, as the
 * activation link would: joining an association needs it (docs/decisions/0018-members.md).
 */
export async function createMember(portal: Portal, admin: Caller, member: Member, confirmed = true): Promise<number> {
  const created = await admin('PUT', '/users', { ...member, type: 'user' });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  const id = (created.data as { id: number }).id;
  if (confirmed) {
    await portal.app.db.update(users).set({ emailVerifiedAt: sql`now()` }).where(eq(users.id, id));
  }
  return id;
}

/** yyyy-mm-dd in Cairo, `days` from today (the server's clock is the real one here). */
export function cairoDayFromToday(days: number): string {
  const cairo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
  const date = new Date(`${cairo}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export async function createAssociation(
  admin: Caller,
  input: { title: string; cost: number; association_type?: 'normal' | 'vip'; from_date: string },
): Promise<number> {
  const res = await admin('PUT', '/associations', { association_type: 'normal', ...input });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return (res.data as { id: number }).id;
}

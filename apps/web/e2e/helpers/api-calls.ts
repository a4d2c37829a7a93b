import { addDays } from '@portal/shared/clock';
import type { FastifyInstance } from 'fastify';
import { clock } from '../../../api/src/lib/clock';
import { ADMIN, type Portal } from './portal';

/** Setting up a browser test's data through the real API, as staff and members would. */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as a signed-in user: the status and the envelope's `data`. */
export type Caller = (method: Method, url: string, payload?: unknown) => Promise<{ status: number; data: unknown }>;

export async function login(
  app: FastifyInstance,
  phone: string,
  password: string,
): Promise<{ token: string; id: number }> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { phone, password } });
  if (res.statusCode !== 200) throw new Error(`login ${phone} → ${res.statusCode}: ${res.body}`);
  return { token: res.json().data.access_token as string, id: res.json().data.user.id as number };
}

/** Calls the API as the holder of `token`, in `lang`. */
export function callerOf(app: FastifyInstance, token: string, lang: 'ar' | 'en' = 'en'): Caller {
  return async (method, url, payload) => {
    const res = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, data: res.body ? res.json().data : null };
  };
}

/** Calls the API as whoever logs in with this phone and password (the administrator by default). */
export async function callerFor(portal: Portal, phone: string = ADMIN.phone, password: string = ADMIN.password) {
  const { token, id } = await login(portal.app, phone, password);
  return { call: callerOf(portal.app, token), token, id };
}

/** A call that must succeed: a failure names the call and the answer. */
export async function must<T>(caller: Caller, method: Method, url: string, payload?: unknown): Promise<T> {
  const res = await caller(method, url, payload);
  if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${JSON.stringify(res.data)}`);
  return res.data as T;
}

/**
 * yyyy-mm-dd in Cairo, `days` from today, by the server's own clock module (the portal runs in
 * this process), so a test that fixes that clock gets days on the same calendar as the server.
 */
export function cairoDayFromToday(days: number): string {
  return addDays(clock.today(), days);
}

import type { TUser } from '@portal/shared/schemas/auth';
import { vi } from 'vitest';
import { jsonResponse } from './render';

/** A call the component made, as the stand-in API saw it. */
export type Call = { method: string; url: string; body: unknown };

/**
 * Stands in for the API (component tests): `answer` returns the Response of a call, or
 * undefined for "unexpected" (a 500). Every call is recorded, in order.
 */
export function stubApi(answer: (call: Call) => Response | Promise<Response> | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return (await answer(call)) ?? jsonResponse({ status: 'error', message: 'unexpected', errors: [] }, 500);
    }),
  );
  return calls;
}

/** A success envelope around `data`. */
export function ok(data: unknown, status = 200): Response {
  return jsonResponse({ status: 'success', data }, status);
}

/** Stores a session for `user` (the SessionProvider then asks GET /users/{id}: answer it with the user). */
export function signInAs(user: Pick<TUser, 'id'>): void {
  window.localStorage.setItem('token', 't'.repeat(43));
  window.localStorage.setItem('user_id', String(user.id));
}

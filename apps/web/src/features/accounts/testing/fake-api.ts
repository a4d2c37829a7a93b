import { vi } from 'vitest';
import { jsonResponse } from '../../../test/render';

type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;

/**
 * A stand-in for the API in component tests: `METHOD /path` → handler. Every
 * call is recorded with its parsed JSON body; an unexpected call fails loudly.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { route: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const route = `${init.method ?? 'GET'} ${url.replace(/^\/api\/v1/, '')}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ route, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = routes[route];
    if (!handler) throw new Error(`unexpected call ${route}`);
    return handler(body, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (route: string) => calls.filter((c) => c.route === route) };
}

export const ok = (data: unknown, message?: string) => jsonResponse({ status: 'success', message, data });

export const fail = (status: number, code: string, message: string, errors: { title: string; field?: string }[] = []) =>
  jsonResponse({ status: 'error', code, message, errors }, status);

/** A customer as GET /users/{id} and login return them. */
export function customer(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    name: 'منى أحمد',
    email: 'mona@example.com',
    phone: '01012345678',
    image: null,
    photo_url: null,
    birthDate: null,
    address: 'القاهرة',
    type: 'user' as const,
    phoneVerify: false,
    email_verified: false,
    active: true,
    removed: false,
    dataRequired: false,
    reminder_emails: true,
    created_at: '2025-01-01T00:00:00.000Z',
    roles: [],
    direct_permissions: [],
    role_permissions: [],
    ...overrides,
  };
}

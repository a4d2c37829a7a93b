import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { ConnectionButton } from '../components/feedback/needs-connection';
import { SubmitButton } from '../components/forms/submit-button';
import { fetchRequestsPage } from '../features/customer-requests/api/requests-list-api';
import { fetchTickets } from '../features/tickets/api/tickets-api';
import { api } from './api-client';
import { changeLanguage } from './i18n';
import { clearOfflineCopies, noteAnswer, offlineState } from './offline';
import { KEEP_OFFLINE_HEADER, OFFLINE_CACHE, OFFLINE_COPY_HEADER } from './offline-copy';

const copy = (date: string) => new Headers({ [OFFLINE_COPY_HEADER]: '1', date });

/** The browser says it is offline (or online again), as it does: navigator.onLine and the event. */
function browserOffline(offline: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

afterEach(() => {
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

describe('offline state (docs/decisions/0032-pwa.md)', () => {
  it('is online until an answer is a copy; then "as of" the oldest copy shown, until the server answers', () => {
    expect(offlineState()).toEqual({ offline: false, copyAt: null });
    noteAnswer(copy('Tue, 25 Nov 2025 10:00:00 GMT'));
    expect(offlineState()).toEqual({ offline: true, copyAt: Date.parse('2025-11-25T10:00:00Z') });
    // A newer copy does not make the page look fresher than its oldest figure…
    noteAnswer(copy('Wed, 26 Nov 2025 09:00:00 GMT'));
    expect(offlineState().copyAt).toBe(Date.parse('2025-11-25T10:00:00Z'));
    // …an older one does set the time back.
    noteAnswer(copy('Mon, 24 Nov 2025 08:30:00 GMT'));
    expect(offlineState().copyAt).toBe(Date.parse('2025-11-24T08:30:00Z'));
    // The server's own answer: online again.
    noteAnswer(new Headers({ date: 'Thu, 27 Nov 2025 12:00:00 GMT' }));
    expect(offlineState()).toEqual({ offline: false, copyAt: null });
  });

  it('follows the browser going offline and back', () => {
    browserOffline(true);
    expect(offlineState()).toEqual({ offline: true, copyAt: null });
    browserOffline(false);
    expect(offlineState()).toEqual({ offline: false, copyAt: null });
  });

  it('deletes the copies and forgets the copy time on clearing (logout, a 401, a login)', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: async (name: string) => deleted.push(name) > 0 });
    noteAnswer(copy('Tue, 25 Nov 2025 10:00:00 GMT'));
    await clearOfflineCopies();
    expect(deleted).toEqual([OFFLINE_CACHE]);
    expect(offlineState()).toEqual({ offline: false, copyAt: null });
  });
});

describe('the API client and the offline copies', () => {
  it('asks the service worker to keep a read only when told to, and notes a copy it gets back', async () => {
    const seen: Headers[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push(new Headers(init.headers));
        return new Response(JSON.stringify({ status: 'success', data: { id: 1 } }), {
          status: 200,
          headers: {
            'content-type': 'application/json',
            [OFFLINE_COPY_HEADER]: '1',
            date: 'Tue, 25 Nov 2025 10:00:00 GMT',
          },
        });
      }),
    );
    await api.get('/me/subscriptions', undefined, { keepOffline: true });
    await api.get('/users', undefined);
    await api.post('/ticket/tickets', { page: 1 }, { keepOffline: true });
    expect(seen.map((h) => h.get(KEEP_OFFLINE_HEADER))).toEqual(['1', null, '1']);
    expect(offlineState()).toEqual({ offline: true, copyAt: Date.parse('2025-11-25T10:00:00Z') });
  });
});

describe('which reads are kept', () => {
  it("a member's own lists are, staff's lists never", async () => {
    const kept: Record<string, string | null> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body ?? '{}')) as { scope?: string; user_id?: number };
        kept[`${url} ${body.scope ?? (body.user_id ? 'mine' : 'all')}`] = new Headers(init.headers).get(
          KEEP_OFFLINE_HEADER,
        );
        return new Response(JSON.stringify({ status: 'success', data: { data: [], meta: { count: 0 } } }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const signal = new AbortController().signal;
    await fetchRequestsPage('mine')({ page: 1, perPage: 10 }, signal);
    await fetchRequestsPage('all')({ page: 1, perPage: 10 }, signal);
    await fetchTickets({ page: 1, user_id: 7 }, signal, true);
    await fetchTickets({ page: 1 }, signal);
    expect(kept).toEqual({
      '/api/v1/customers_requests mine': '1',
      '/api/v1/customers_requests all': null,
      '/api/v1/ticket/tickets mine': '1',
      '/api/v1/ticket/tickets all': null,
    });
  });
});

describe('actions offline', () => {
  it('a form’s submit and an action’s button are disabled and say they need a connection, in both languages', async () => {
    await changeLanguage('ar');
    const { rerender } = render(
      <AppProviders>
        <SubmitButton pending={false}>إرسال الطلب</SubmitButton>
        <ConnectionButton>نقل الدور</ConnectionButton>
      </AppProviders>,
    );
    const submit = screen.getByRole('button', { name: 'إرسال الطلب' });
    expect(submit).toBeEnabled();
    act(() => browserOffline(true));
    expect(screen.getByRole('button', { name: /إرسال الطلب.*يحتاج إلى اتصال/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /نقل الدور.*يحتاج إلى اتصال/ })).toBeDisabled();

    await act(() => changeLanguage('en'));
    rerender(
      <AppProviders>
        <SubmitButton pending={false}>Send</SubmitButton>
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: /Send.*needs a connection/ })).toBeDisabled();
    act(() => browserOffline(false));
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await act(() => changeLanguage('ar'));
  });
});

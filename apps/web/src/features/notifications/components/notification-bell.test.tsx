import type { TNotificationItem } from '@portal/shared/schemas/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setClockForTests } from '../../../lib/clock';
import { REDUCED_MOTION_QUERY } from '../../../lib/use-media-query';
import { makeUser } from '../../../test/fixtures';
import { mediaMatching } from '../../../test/media';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { NotificationBell } from './notification-bell';

const USER_ID = 4;
/** The app's clock is fixed here, so "12 minutes ago" does not depend on when the test runs. */
const NOW = '2026-03-14T22:30:00Z';
const me = makeUser({ id: USER_ID, name: 'منى حسن', email: 'mona@example.com', phone: '01012345678' });

/**
 * A stand-in for the notification routes, over an in-memory list (newest first).
 * It answers like the API does: the newest `limit`, the unseen and total counts.
 */
function fakeServer(initial: TNotificationItem[]) {
  let items = [...initial];
  const calls: { route: string; body: unknown }[] = [];
  // The live streams the bell opened (GET /notifications/stream), newest last: the test writes events.
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const ok = (data: unknown) => jsonResponse({ status: 'success', data });
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const route = `${init.method ?? 'GET'} ${url.replace(/^\/api\/v1/, '')}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ route, body });
    if (route === `GET /users/${USER_ID}`) return ok(me);
    if (route === 'GET /notifications/stream') {
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if (route === 'POST /user/notifications') {
      const limit = (body as { limit: number }).limit;
      return ok({ data: items.slice(0, limit), unseen: items.filter((n) => !n.seen).length, total: items.length });
    }
    const see = /^POST \/user\/notifications\/see\/(\d+)$/.exec(route);
    if (see) {
      const item = items.find((n) => n.id === Number(see[1]));
      if (!item) return jsonResponse({ status: 'error', code: 'not_found', message: 'x', errors: [] }, 404);
      item.seen = true;
      return ok(item);
    }
    const del = /^DELETE \/notification\/delete\/(\d+)$/.exec(route);
    if (del) {
      items = items.filter((n) => n.id !== Number(del[1]));
      return ok(null);
    }
    if (route === 'POST /notifications/all/delete') {
      const deleted = items.length;
      items = [];
      return ok({ deleted });
    }
    throw new Error(`unexpected call ${route}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (prefix: string) => calls.filter((c) => c.route.startsWith(prefix)),
    items: () => items,
    add: (item: TNotificationItem) => {
      items = [item, ...items];
    },
    /** Writes an SSE event to the newest open stream. */
    push: (event: string, data: unknown = {}) =>
      streams.at(-1)?.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    /** The server ends the newest stream (a restart, a dropped connection). */
    drop: () => streams.at(-1)?.close(),
    streams,
  };
}

function notification(id: number, overrides: Partial<TNotificationItem> = {}): TNotificationItem {
  return {
    id,
    type: 'access_changed',
    title: `إشعار رقم ${id}`,
    message: `نص الإشعار ${id}`,
    link: null,
    seen: false,
    created_at: new Date(Date.parse(NOW) - id * 60_000).toISOString(),
    ...overrides,
  };
}

/** Newest first: ids n..1. */
function many(n: number, overrides: Partial<TNotificationItem> = {}) {
  return Array.from({ length: n }, (_, i) => notification(n - i, overrides));
}

function badgeText(container: HTMLElement) {
  return container.querySelector('.ant-badge .ant-scroll-number')?.textContent ?? '';
}

async function openPanel() {
  fireEvent.click(screen.getByTestId('notification-bell'));
  return screen.findByTestId('notifications-panel');
}

beforeEach(() => {
  setClockForTests(NOW);
  window.localStorage.setItem('token', 'tok'.repeat(10));
  window.localStorage.setItem('user_id', String(USER_ID));
});

describe('NotificationBell', () => {
  it('updates without a reload when the live stream says a notification arrived, and reconnects after a drop', async () => {
    const server = fakeServer(many(2));
    await renderWithProviders(<NotificationBell />);
    await screen.findByRole('button', { name: 'الإشعارات، غير المقروءة: 2' });
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.calls.find((c) => c.route === 'GET /notifications/stream')).toBeDefined();
    const reads = () => server.callsTo('POST /user/notifications').length;
    server.push('ready');
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(2));
    server.add(notification(3));
    server.push('notification', { id: 3 });
    const bell = screen.getByTestId('notification-bell');
    await waitFor(() => expect(bell).toHaveAccessibleName('الإشعارات، غير المقروءة: 3'));

    // The stream ends: the bell connects again by itself and reads what it missed.
    server.drop();
    await waitFor(() => expect(server.streams).toHaveLength(2), { timeout: 5000 });
    server.add(notification(4));
    server.push('ready');
    await waitFor(() => expect(bell).toHaveAccessibleName('الإشعارات، غير المقروءة: 4'));
  });

  it('waits its longest before reconnecting when another tab’s stream replaced its own', async () => {
    const server = fakeServer(many(1));
    await renderWithProviders(<NotificationBell />);
    await waitFor(() => expect(server.streams).toHaveLength(1));
    server.push('ready');
    // The server ends the oldest stream of a session that opened one too many, and says so.
    server.push('replaced');
    server.drop();
    // A plain drop reconnects within 1.5 s (the test above); this one does not.
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    expect(server.streams).toHaveLength(1);
  });

  it('caps the unseen count at 99', async () => {
    fakeServer(many(150));
    const { container } = await renderWithProviders(<NotificationBell />);
    await waitFor(() => expect(container.querySelector('.ant-badge')?.textContent).toBe('99+'));
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('الإشعارات، غير المقروءة: 150');
  });

  it('shows the exact count below the cap and names it for screen readers', async () => {
    fakeServer([...many(7), notification(100, { seen: true })].sort((a, b) => b.id - a.id));
    const { container } = await renderWithProviders(<NotificationBell />, { lang: 'en' });
    expect(await screen.findByRole('button', { name: 'Notifications, unread: 7' })).toBeInTheDocument();
    expect(badgeText(container)).toBe('7');
  });

  it('lists the newest five with title, message and time, highlights the unseen, and grows by five', async () => {
    const items = many(12).map((n) => (n.id % 2 === 0 ? { ...n, seen: true } : n));
    const server = fakeServer(items);
    await renderWithProviders(<NotificationBell />, { lang: 'en' });
    const panel = await openPanel();
    const rows = await within(panel).findAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => /إشعار رقم \d+/.exec(r.textContent ?? '')?.[0])).toEqual([
      'إشعار رقم 12',
      'إشعار رقم 11',
      'إشعار رقم 10',
      'إشعار رقم 9',
      'إشعار رقم 8',
    ]);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('نص الإشعار 12')).toBeInTheDocument();
    // 12 minutes ago, said in the UI language, with the full date and time on hover.
    const time = first.querySelector('time');
    expect(time?.textContent).toBe('12 minutes ago');
    expect(time?.getAttribute('title')).toMatch(/\d{4}/);
    // Even ids are seen: 12 is plain, 11 is highlighted and announced as unread.
    expect(first).not.toHaveClass('notification-item-unseen');
    expect(second).toHaveClass('notification-item-unseen');
    expect(within(second).getByRole('button', { name: /Unread/ })).toBeInTheDocument();
    expect(screen.getByText('6 unread')).toBeInTheDocument();

    fireEvent.click(within(panel).getByTestId('notifications-more'));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(10));
    expect(server.callsTo('POST /user/notifications').at(-1)?.body).toEqual({ limit: 10 });
    // The button ignores clicks while its spinner shows, and antd drops the spinner a render
    // after the rows arrive: wait for it as a user would before clicking again.
    await waitFor(() => expect(within(panel).getByTestId('notifications-more')).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(within(panel).getByTestId('notifications-more'));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(12));
    expect(server.callsTo('POST /user/notifications').at(-1)?.body).toEqual({ limit: 15 });
    // Everything is shown: no more "show more".
    expect(within(panel).queryByTestId('notifications-more')).toBeNull();
  });

  it('marks a notification seen on click, lowers the count and opens its link', async () => {
    const server = fakeServer([
      notification(2, { title: 'تم تحديث صلاحياتك', link: '/users/4' }),
      notification(1, { title: 'إشعار بدون رابط' }),
    ]);
    const { container, router } = await renderWithProviders(<NotificationBell />);
    await waitFor(() => expect(badgeText(container)).toBe('2'));

    let panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: /^إشعار بدون رابط/ }));
    await waitFor(() => expect(server.callsTo('POST /user/notifications/see/')).toHaveLength(1));
    expect(server.callsTo('POST /user/notifications/see/')[0]?.route).toBe('POST /user/notifications/see/1');
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('الإشعارات، غير المقروءة: 1'),
    );
    // No link: the panel stays open and the page stays.
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(within(panel).getAllByRole('listitem')[1]).not.toHaveClass('notification-item-unseen'));

    fireEvent.click(within(panel).getByRole('button', { name: /^تم تحديث صلاحياتك/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/4'));
    expect(server.callsTo('POST /user/notifications/see/').map((c) => c.route)).toEqual([
      'POST /user/notifications/see/1',
      'POST /user/notifications/see/2',
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('الإشعارات، غير المقروءة: 0'),
    );

    // A seen one is not sent again.
    panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: /^إشعار بدون رابط/ }));
    expect(server.callsTo('POST /user/notifications/see/')).toHaveLength(2);
  });

  it('deletes one notification with its own button', async () => {
    const server = fakeServer(many(3));
    await renderWithProviders(<NotificationBell />, { lang: 'en' });
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Delete notification: إشعار رقم 2' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    expect(server.callsTo('DELETE')).toEqual([{ route: 'DELETE /notification/delete/2', body: undefined }]);
    expect(within(panel).queryByText('إشعار رقم 2')).toBeNull();
  });

  it('deletes all only after the confirmation, then shows the empty state', async () => {
    const server = fakeServer(many(4));
    await renderWithProviders(<NotificationBell />, { lang: 'en' });
    const panel = await openPanel();
    await within(panel).findAllByRole('listitem');

    fireEvent.click(screen.getByTestId('notifications-delete-all'));
    expect(await screen.findByText('Delete all notifications?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(server.callsTo('POST /notifications/all/delete')).toHaveLength(0);
    expect(server.items()).toHaveLength(4);

    fireEvent.click(screen.getByTestId('notifications-delete-all'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(server.callsTo('POST /notifications/all/delete')).toHaveLength(1));
    expect(await within(panel).findByText('You have no notifications')).toBeInTheDocument();
    expect(screen.getByTestId('notifications-delete-all')).toBeDisabled();
  });

  it('shows the empty state in Arabic, and Escape closes the panel back to the bell', async () => {
    fakeServer([]);
    await renderWithProviders(<NotificationBell />);
    const panel = await openPanel();
    expect(await within(panel).findByText('لا توجد إشعارات')).toBeInTheDocument();
    const bell = screen.getByTestId('notification-bell');
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(within(panel).getByText('لا توجد إشعارات'), { key: 'Escape' });
    await waitFor(() => expect(bell).toHaveAttribute('aria-expanded', 'false'));
    expect(bell).toHaveFocus();
  });

  it('gives the focus back to the bell when antd closes the panel while a removed button had the focus', async () => {
    // In a browser, with less motion asked for, antd's own Escape listener closes the panel and
    // React commits before the panel's listener runs (microtasks run between listeners), so the
    // panel's close must return the focus whoever closed it. jsdom runs no microtask between
    // listeners; a press outside is the other way antd closes the panel.
    mediaMatching((query) => query === REDUCED_MOTION_QUERY);
    fakeServer([]);
    await renderWithProviders(<NotificationBell />);
    const panel = await openPanel();
    expect(await within(panel).findByText('لا توجد إشعارات')).toBeInTheDocument();
    const bell = screen.getByTestId('notification-bell');
    // As after "Yes" in the delete-all confirmation: the button that had the focus is gone.
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.mouseDown(document.body);
    fireEvent.click(document.body);
    await waitFor(() => expect(bell).toHaveAttribute('aria-expanded', 'false'));
    expect(bell).toHaveFocus();
  });
});

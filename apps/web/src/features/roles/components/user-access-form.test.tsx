import { PERMISSIONS, type Permission } from '@portal/shared/permissions';
import type { TUser } from '@portal/shared/schemas/auth';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { UserAccessForm } from './user-access-form';

// This machine runs several suites at once: give antd's async rendering time before a query gives up.
configure({ asyncUtilTimeout: 5000 });

const EDITOR_PERMISSIONS: Permission[] = ['users.index', 'users.view', 'logs.index'];

function me(permissions: readonly Permission[]): TUser {
  return makeUser({ roles: [{ id: 1, name: 'admin' }], role_permissions: [...permissions] });
}

type Call = { method: string; url: string; body: unknown };

/** A stand-in for the API: the signed-in administrator, user 7 holding the editor role and two direct permissions. */
function stubApi(options: { viewer?: readonly Permission[] } = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ method, url, body });
    const ok = (data: unknown) => jsonResponse({ status: 'success', data });
    if (method === 'GET' && url === '/api/v1/users/1') return ok(me(options.viewer ?? PERMISSIONS));
    if (method === 'GET' && url === '/api/v1/roles/user/7') {
      return ok({
        user_id: 7,
        type: 'admin',
        roles: [{ id: 3, name: 'editor' }],
        // users.index is direct too: the role gives it, so it must not be sent back as an extra.
        direct_permissions: ['users.index', 'roles.index'],
        role_permissions: EDITOR_PERMISSIONS,
        permissions: [...EDITOR_PERMISSIONS, 'roles.index'],
      });
    }
    if (method === 'POST' && url === '/api/v1/roles') {
      const row = (id: number, name: string) => ({
        id,
        name,
        system: true,
        users_count: 0,
        permissions_count: 0,
        created_at: '2026-01-01T00:00:00.000Z',
      });
      return ok({ data: [row(1, 'admin'), row(3, 'editor')], total: 2, lastPage: 1, currentPage: 1, perPage: -1 });
    }
    if (method === 'GET' && url === '/api/v1/roles/3') {
      return ok({
        id: 3,
        name: 'editor',
        system: true,
        users_count: 1,
        permissions_count: 3,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        permissions: EDITOR_PERMISSIONS,
        groups: [],
      });
    }
    if (method === 'PUT' && url === '/api/v1/user/roles/7') {
      const sent = body as { roles: number[]; permissions: Permission[] };
      return ok({
        user_id: 7,
        type: 'admin',
        roles: [{ id: 3, name: 'editor' }],
        direct_permissions: sent.permissions,
        role_permissions: EDITOR_PERMISSIONS,
        permissions: [...EDITOR_PERMISSIONS, ...sent.permissions],
      });
    }
    return jsonResponse({ status: 'error', message: `unexpected ${method} ${url}`, errors: [] }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function signIn() {
  window.localStorage.setItem('token', 't'.repeat(43));
  window.localStorage.setItem('user_id', '1');
}

/** The checkbox of a permission, found by its label (getByRole over ~40 checkboxes is very slow in jsdom). */
function box(label: string): HTMLInputElement {
  const input = screen.getByText(label, { selector: '.permission-label' }).closest('label')?.querySelector('input');
  if (!input) throw new Error(`no checkbox labelled ${label}`);
  return input;
}

/**
 * The editor is shown (its code comes after the form's, beside the user's access) and the chosen
 * roles' permissions are read: until then the picker is busy, every box disabled.
 */
async function editorReady(label: string) {
  await waitFor(() => {
    box(label);
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });
}

// Rendering antd tables and forms in jsdom is slow on a busy machine; the default 20 s is too tight.
describe('UserAccessForm', { timeout: 60_000 }, () => {
  it('shows role permissions checked and disabled, extras checked and editable, and sends only the extras', async () => {
    signIn();
    const calls = stubApi();
    await renderWithProviders(<UserAccessForm userId={7} />);
    // users.index comes from the editor role: checked, and it cannot be unchecked here.
    await editorReady('عرض قائمة المستخدمين');
    expect(box('عرض قائمة المستخدمين')).toBeDisabled();
    expect(box('عرض قائمة المستخدمين')).toBeChecked();
    expect(box('عرض سجل العمليات')).toBeChecked();
    expect(box('عرض سجل العمليات')).toBeDisabled();
    // roles.index is a direct extra: checked and editable.
    expect(box('عرض الأدوار')).toBeChecked();
    expect(box('عرض الأدوار')).toBeEnabled();
    // Not held at all: unchecked and editable.
    expect(box('عرض الجمعيات')).not.toBeChecked();
    fireEvent.click(box('عرض الجمعيات'));
    expect(box('عرض الجمعيات')).toBeChecked();

    fireEvent.click(screen.getByTestId('user-access-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/v1/user/roles/7');
    expect(put?.body).toEqual({ roles: [3], permissions: ['roles.index', 'associations.index'] });
    expect(await screen.findByText('تم حفظ الأدوار والصلاحيات')).toBeInTheDocument();
  });

  it('with no role chosen says "please select a role" and sends nothing', async () => {
    signIn();
    const calls = stubApi();
    await renderWithProviders(<UserAccessForm userId={7} />);
    await editorReady('عرض قائمة المستخدمين');
    expect(box('عرض قائمة المستخدمين')).toBeDisabled();
    const roles = screen.getByTestId('user-access-roles');
    // Remove the only chosen role (the tag's close icon).
    const close = roles.querySelector('.ant-select-selection-item-remove');
    expect(close).not.toBeNull();
    fireEvent.click(close as Element);
    // With the role gone, its permissions are no longer locked.
    await waitFor(() => expect(box('عرض سجل العمليات')).toBeEnabled());
    expect(box('عرض سجل العمليات')).not.toBeChecked();
    fireEvent.click(screen.getByTestId('user-access-save'));
    expect(await screen.findByText('من فضلك اختر دورًا')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' || c.url.includes('/roles/sync'))).toBe(false);
  });

  it('does not let a permission the signed-in user lacks be added', async () => {
    signIn();
    stubApi({ viewer: [...EDITOR_PERMISSIONS, 'roles.index', 'roles.assign'] });
    await renderWithProviders(<UserAccessForm userId={7} />, { lang: 'en' });
    await editorReady('List users');
    expect(box('List users')).toBeDisabled();
    expect(box('List associations')).toBeDisabled();
    expect(box('List associations')).not.toBeChecked();
    // A direct permission already held stays removable.
    expect(box('List roles')).toBeEnabled();
    const group = document.querySelector('[data-group="roles"]') as HTMLElement;
    expect(within(group).getByText('Roles and permissions')).toBeInTheDocument();
    expect(within(group).getByText('1 of 5')).toBeInTheDocument();
  });

  it('shows the roles as readable text, not a greyed-out picker, to a viewer who may not change them', async () => {
    signIn();
    stubApi({ viewer: EDITOR_PERMISSIONS });
    await renderWithProviders(<UserAccessForm userId={7} />);
    const roles = await screen.findByTestId('user-access-roles-readonly');
    expect(roles).toHaveTextContent('محرر');
    expect(screen.queryByTestId('user-access-roles')).toBeNull();
    expect(screen.getByTestId('user-access-save')).toBeDisabled();
  });
});

import type { Permission } from '@portal/shared/permissions';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { accessOfPathIn } from '../../lib/authorization';
import { isGroup, NAV_ENTRIES, type NavEntry, visibleEntries } from './nav-items';

/** The sidebar reads each entry's access from the real route table, as the shell does. */
const accessOf = accessOfPathIn(routes);

const keys = (entries: ReturnType<typeof visibleEntries>) =>
  entries.flatMap((e) => (isGroup(e) ? [e.key, ...e.children.map((c) => c.key)] : [e.key]));

const leaves = (entries: NavEntry[]) => entries.flatMap((e) => (isGroup(e) ? e.children : [e]));

describe('sidebar entries', () => {
  it('shows permission-gated entries only to holders', () => {
    const all = visibleEntries(NAV_ENTRIES, () => true, accessOf);
    expect(keys(all)).toContain('logs');
    const none = visibleEntries(NAV_ENTRIES, () => false, accessOf);
    expect(keys(none)).not.toContain('logs');
    expect(keys(none)).toContain('dashboard');
  });

  it('drops a group whose every child is hidden', () => {
    const onlyLogs = (p: Permission) => p === 'logs.index';
    expect(keys(visibleEntries(NAV_ENTRIES, onlyLogs, accessOf))).toContain('settings');
    const entries = visibleEntries(NAV_ENTRIES, () => false, accessOf);
    for (const entry of entries) if (isGroup(entry)) expect(entry.children.length).toBeGreaterThan(0);
  });

  it('takes each entry’s permission from the route its path opens', () => {
    // Every entry leads to a route that declares its access: no dead link, no entry open by omission.
    for (const leaf of leaves(NAV_ENTRIES)) expect(accessOf(leaf.path), leaf.path).toBeDefined();
    expect(accessOf('/users')).toBe('users.index');
    expect(accessOf('/users/admins')).toBe('users.index');
    expect(accessOf('/roles')).toBe('roles.index');
    expect(accessOf('/settings')).toBe('admin_roles');
    expect(accessOf('/dashboard')).toBe('authenticated');
    const onlySettings = (p: Permission) => p === 'admin_roles';
    // Any staff member may be given a service request to handle (/requests/tasks): that entry stays.
    expect(keys(visibleEntries(NAV_ENTRIES, onlySettings, accessOf))).toEqual([
      'dashboard',
      'requests',
      'service-request-tasks',
      'settings',
      'system-settings',
    ]);
    expect(accessOf('/requests')).toEqual({ anyOf: ['show_requests', 'admin_requests'] });
  });

  it('hides an entry whose path opens no screen with declared access', () => {
    const entries: NavEntry[] = [{ key: 'nowhere', path: '/no-such-screen', label: 'x' }];
    expect(visibleEntries(entries, () => true, accessOf)).toEqual([]);
  });
});

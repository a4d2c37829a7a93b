import type { Permission } from '@portal/shared/permissions';
import { describe, expect, it } from 'vitest';
import { isGroup, NAV_ENTRIES, visibleEntries } from './nav-items';

const keys = (entries: ReturnType<typeof visibleEntries>) =>
  entries.flatMap((e) => (isGroup(e) ? [e.key, ...e.children.map((c) => c.key)] : [e.key]));

describe('sidebar entries', () => {
  it('shows permission-gated entries only to holders', () => {
    const all = visibleEntries(NAV_ENTRIES, () => true);
    expect(keys(all)).toContain('logs');
    const none = visibleEntries(NAV_ENTRIES, () => false);
    expect(keys(none)).not.toContain('logs');
    expect(keys(none)).toContain('dashboard');
  });

  it('drops a group whose every child is hidden', () => {
    const onlyLogs = (p: Permission) => p === 'logs.index';
    expect(keys(visibleEntries(NAV_ENTRIES, onlyLogs))).toContain('settings');
    const entries = visibleEntries(NAV_ENTRIES, () => false);
    for (const entry of entries) if (isGroup(entry)) expect(entry.children.length).toBeGreaterThan(0);
  });
});

import { Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { type AccessOfPath, useCan } from '../../lib/authorization';
import { useSession } from '../../lib/session';
import { isGroup, memberNavEntries, NAV_ENTRIES, type NavEntry, visibleEntries } from './nav-items';
import { UserPhoto } from './user-photo';

function toItems(entries: NavEntry[], t: (k: string) => string, onNavigate?: () => void): ItemType[] {
  return entries.map((entry) =>
    isGroup(entry)
      ? { key: entry.key, icon: entry.icon, label: t(entry.label), children: toItems(entry.children, t, onNavigate) }
      : {
          key: entry.path,
          icon: entry.icon,
          label: (
            <Link to={entry.path} onClick={onNavigate}>
              {t(entry.label)}
            </Link>
          ),
        },
  );
}

/** The longest nav path that prefixes the current location is the selected entry. */
function selectedKey(pathname: string, entries: NavEntry[]): string[] {
  const leaves = entries.flatMap((e) => (isGroup(e) ? e.children : [e]));
  const match = leaves
    .filter((l) => pathname === l.path || pathname.startsWith(`${l.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return match ? [match.path] : [];
}

/**
 * `accessOf`: who may open a path, from the route table (app/app-shell.tsx passes it).
 * `onNavigate`: given in the phone drawer (to close it), whose own title already shows the brand,
 * so the sidebar does not show it a second time.
 */
export function Sidebar({ onNavigate, accessOf }: { onNavigate?: () => void; accessOf: AccessOfPath }) {
  const { t } = useTranslation();
  const can = useCan();
  const { user } = useSession();
  const { pathname } = useLocation();
  // A customer sees their own area; staff the back office (each still only what they may open).
  const entries = visibleEntries(user?.type === 'user' ? memberNavEntries(user.id) : NAV_ENTRIES, can, accessOf);
  const selected = selectedKey(pathname, entries);
  // Groups are open unless the user closed them; the current page's group always is.
  // Derived rather than stored, so groups that appear once permissions load open too.
  const [closed, setClosed] = useState<string[]>([]);
  const groupKeys = entries.filter(isGroup).map((g) => g.key);
  const activeGroup = entries.find((e) => isGroup(e) && e.children.some((c) => selected.includes(c.path)))?.key;
  const openKeys = groupKeys.filter((k) => !closed.includes(k) || k === activeGroup);
  return (
    <nav className="sidebar" aria-label={t('nav.main')}>
      {!onNavigate && <div className="sidebar-brand">{t('app.name')}</div>}
      {user && (
        <Link to={paths.user(user.id)} className="sidebar-user" onClick={onNavigate}>
          <UserPhoto user={user} size={44} />
          <span className="sidebar-user-name">{user.name}</span>
        </Link>
      )}
      <Menu
        mode="inline"
        theme="dark"
        selectedKeys={selected}
        openKeys={openKeys}
        onOpenChange={(keys) => setClosed(groupKeys.filter((k) => !keys.includes(k)))}
        items={toItems(entries, t, onNavigate)}
      />
    </nav>
  );
}

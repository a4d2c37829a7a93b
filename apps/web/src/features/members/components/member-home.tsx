import { IdcardOutlined, PlusCircleOutlined, SwapOutlined, WalletOutlined } from '@ant-design/icons';
import type { TUser } from '@portal/shared/schemas/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { MySubscriptions } from './my-subscriptions';
import '../members.css';

type Shortcut = { to: string; label: string; icon: ReactNode };

/**
 * A customer's home (/dashboard for user type 'user'): not the back office, but their own area —
 * the ways to what they came for, then their associations as cards. Staff keep their dashboard.
 */
export function MemberHome({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const shortcuts: Shortcut[] = [
    { to: paths.myAssociations, label: t('membersUi.nav.associations'), icon: <WalletOutlined aria-hidden="true" /> },
    { to: paths.openAssociations, label: t('membersUi.nav.join'), icon: <PlusCircleOutlined aria-hidden="true" /> },
    { to: paths.myTurnMoves, label: t('membersUi.nav.turn_moves'), icon: <SwapOutlined aria-hidden="true" /> },
    { to: paths.myCards, label: t('membersUi.nav.cards'), icon: <IdcardOutlined aria-hidden="true" /> },
  ];
  return (
    <section className="member-home" aria-labelledby="member-home-title">
      <h1 id="member-home-title" className="page-title">
        {t('dashboard.welcome', { name: user.name })}
      </h1>
      <p className="muted member-intro">{t('membersUi.home.intro')}</p>
      <nav className="member-shortcuts" aria-label={t('membersUi.home.shortcuts')}>
        {shortcuts.map((s) => (
          <Link key={s.to} to={s.to} className="member-shortcut">
            <span className="member-shortcut-icon" aria-hidden="true">
              {s.icon}
            </span>
            <span>{s.label}</span>
          </Link>
        ))}
      </nav>
      <section aria-labelledby="member-home-associations" className="member-section">
        <h2 id="member-home-associations" className="member-section-title">
          {t('membersUi.nav.associations')}
        </h2>
        <MySubscriptions level={3} />
      </section>
    </section>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/feedback/page-loader';
import { StaffDashboard } from '../../../features/dashboard/components/staff-dashboard';
import { useSession } from '../../../lib/session';

const MemberHome = lazy(async () => ({
  default: (await import('../../../features/members/components/member-home')).MemberHome,
}));

/** Home: the customer's own area, or the staff dashboard (SPEC §2 dashboard items 1–10, features/dashboard). */
export default function DashboardRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  // A customer's home is their own area, not the back office (issue 11); its chunk loads only for them.
  if (user.type === 'user') {
    return (
      <Suspense fallback={<PageLoader />}>
        <MemberHome user={user} />
      </Suspense>
    );
  }
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="page-title">
        {t('dashboard.welcome', { name: user.name })}
      </h1>
      <StaffDashboard user={user} />
    </section>
  );
}

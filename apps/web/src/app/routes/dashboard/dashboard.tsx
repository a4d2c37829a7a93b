import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { MyAccountCard } from '../../../features/dashboard/components/my-account-card';
import { UsersStatCards } from '../../../features/users/components/users-stats';
import { Can } from '../../../lib/authorization';
import { useSession } from '../../../lib/session';

/** Home. Cards of other features join this grid as they land (SPEC §2 dashboard). */
export default function DashboardRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="page-title">
        {t('dashboard.welcome', { name: user.name })}
      </h1>
      <Row gutter={[16, 16]}>
        <Can permission="users.index">
          <UsersStatCards />
        </Can>
        <Col xs={24} md={12} xl={8}>
          <MyAccountCard user={user} />
        </Col>
      </Row>
    </section>
  );
}

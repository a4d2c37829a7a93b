import type { TUser } from '@portal/shared/schemas/auth';
import { Col, Row } from 'antd';
import { Can } from '../../../lib/authorization';
import { UsersStatCards } from '../../users/components/users-stats';
import { AssociationsByCostChart, RequestsByStatusChart, SubscriptionsByAssociationChart } from './dashboard-charts';
import { DashboardPayments } from './dashboard-payments';
import { DashboardSubscriptions } from './dashboard-subscriptions';
import { LatestCardRequests, LatestTurnMoves } from './latest-requests';
import { MessagesPanel } from './messages-panel';
import { MyAccountCard } from './my-account-card';
import { PaymentStatCards } from './payment-stat-cards';
import './dashboard.css';

/**
 * The staff home (SPEC §2 "Dashboard home shows", items 1–10, in that order), one grid: stat cards
 * 3 of 12 columns from medium screens up and the full width on phones (SPEC §9); on wide screens
 * the charts and tables take two thirds of a row and the panel beside them the last third. Each
 * part shows only to the holders of the permission its data needs (SPEC §6), and the grid closes
 * up around the parts a user does not see. The server refuses the data to anyone else as well.
 */
export function StaffDashboard({ user }: { user: TUser }) {
  return (
    <Row gutter={[16, 16]} className="staff-dashboard">
      {/* 1. installments: future, received, late, total */}
      <Can permission="payments.index">
        <PaymentStatCards />
      </Can>
      {/* 2. customers: inactive, active, total */}
      <Can permission="users.index">
        <UsersStatCards />
      </Can>
      {/* 3. associations by cost */}
      <Can permission="associations.index">
        <Col xs={24} lg={16}>
          <AssociationsByCostChart />
        </Col>
      </Can>
      {/* 4. my account */}
      <Col xs={24} lg={8}>
        <MyAccountCard user={user} />
      </Col>
      {/* 5. subscriptions per association */}
      <Can permission="subscriptions.index">
        <Col xs={24} lg={16}>
          <SubscriptionsByAssociationChart />
        </Col>
      </Can>
      {/* 6. messages (static) */}
      <Col xs={24} lg={8}>
        <MessagesPanel />
      </Col>
      {/* 7. installments table */}
      <Can permission="payments.index">
        <Col xs={24} xl={16}>
          <DashboardPayments />
        </Col>
      </Can>
      {/* 8. latest card requests */}
      <Can permission="card_requests.index">
        <Col xs={24} xl={8}>
          <LatestCardRequests />
        </Col>
      </Can>
      {/* 9. subscriptions table */}
      <Can permission="subscriptions.index">
        <Col xs={24} xl={16}>
          <DashboardSubscriptions />
        </Col>
      </Can>
      {/* 10. latest turn moves */}
      <Can permission="association_move_turn.index">
        <Col xs={24} xl={8}>
          <LatestTurnMoves />
        </Col>
      </Can>
      {/* Service requests by status (issue 12) */}
      <Can permission="show_requests">
        <Col xs={24} xl={16}>
          <RequestsByStatusChart />
        </Col>
      </Can>
    </Row>
  );
}

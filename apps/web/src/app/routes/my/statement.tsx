import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { StatementScreen } from '../../../features/members/components/statement-screen';

/** /my/subscriptions/:id/statement: one of my subscriptions' statement (كشف حساب), and its print view. */
export default function StatementRoute() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.notFound} replace />;
  return <StatementScreen key={id} id={id} />;
}

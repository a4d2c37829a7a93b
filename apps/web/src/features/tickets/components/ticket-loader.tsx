import type { TTicketDetail } from '@portal/shared/schemas/tickets';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useTicket } from '../api/tickets-api';

/**
 * Loads the ticket of the route's :id: loading, not found (→ /404; also a ticket the caller may not
 * see, which the server answers the same), a failed load with Retry, or the screen.
 */
export function TicketLoader({ children }: { children: (ticket: TTicketDetail) => ReactNode }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const ticket = useTicket(id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.notFound} replace />;
  if (ticket.isPending) return <PageLoader />;
  if (ticket.error instanceof ApiError && (ticket.error.status === 404 || ticket.error.status === 422)) {
    return <Navigate to={paths.notFound} replace />;
  }
  if (ticket.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('table.load_failed')}
        action={<Button onClick={() => void ticket.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return <>{children(ticket.data)}</>;
}

import { useTranslation } from 'react-i18next';
import { TicketsTable } from '../../../features/tickets/components/tickets-table';

/** /tickets (tickets.index, declared on the route): every help-desk ticket. */
export default function TicketsListRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('ticketsUi.title')}</h1>
      <TicketsTable scope="all" />
    </>
  );
}

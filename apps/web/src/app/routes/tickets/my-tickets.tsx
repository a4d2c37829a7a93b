import { useTranslation } from 'react-i18next';
import { TicketsTable } from '../../../features/tickets/components/tickets-table';

/** /tickets/me: the signed-in user's own tickets (the member menu's "Support"). */
export default function MyTicketsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('ticketsUi.mine_title')}</h1>
      <p className="muted form-note">{t('ticketsUi.mine_intro')}</p>
      <TicketsTable scope="mine" />
    </>
  );
}

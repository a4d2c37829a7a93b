import { useTranslation } from 'react-i18next';
import { TicketForm } from '../../../features/tickets/components/ticket-form';

/** /tickets/new: open a ticket (any signed-in user). */
export default function TicketCreateRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('ticketsUi.new_title')}</h1>
      <TicketForm />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PaymentsTable } from '../../../features/payments/components/payments-table';

/** /payments (payments.index). */
export default function PaymentsListRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('paymentsUi.title')}</h1>
      <PaymentsTable />
    </>
  );
}

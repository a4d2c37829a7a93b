import type { TReceipt } from '@portal/shared/schemas/ledger';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useReceipt } from '../../../features/ledger/api/ledger-api';
import { ReceiptScreen } from '../../../features/ledger/components/receipt-screen';

/** /receipts/:id/print (payments.index): a receipt to print on A4 or an 80 mm slip, reversed or not. */
export default function ReceiptPrintRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useReceipt(id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.notFound} replace />;
  return (
    <ReceiptScreen<TReceipt>
      query={query}
      toPrintable={(receipt) => ({ audience: 'staff', ...receipt })}
      back={(receipt) => ({
        to: paths.subscription(receipt.subscription.id),
        label: t('ledgerUi.receipt.back_subscription'),
      })}
    />
  );
}

import type { TMyReceipt } from '@portal/shared/schemas/ledger';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useMyReceipt } from '../../../features/ledger/api/ledger-api';
import { ReceiptScreen } from '../../../features/ledger/components/receipt-screen';

/** /my/receipts/:id/print: one of my receipts to print (GET /me/receipts/{id}); another member's is "not found". */
export default function MyReceiptPrintRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useMyReceipt(id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.notFound} replace />;
  return (
    <ReceiptScreen<TMyReceipt>
      query={query}
      toPrintable={(receipt) => ({ audience: 'member', ...receipt })}
      back={(receipt) => ({
        to: paths.statement(receipt.subscription.id),
        label: t('ledgerUi.receipt.back_statement'),
      })}
    />
  );
}

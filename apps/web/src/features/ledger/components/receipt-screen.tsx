import { ArrowLeftOutlined, ArrowRightOutlined, PrinterOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { type PrintableReceipt, ReceiptDocument, type ReceiptFormat } from './receipt-document';

type Props<T> = {
  query: UseQueryResult<T>;
  /** The answer as the document reads it (staff's or a member's). */
  toPrintable: (data: T) => PrintableReceipt;
  /** Where "back" leads once the receipt is known (its subscription's page, the member's statement). */
  back: (receipt: PrintableReceipt) => { to: string; label: string };
};

/**
 * A receipt's print page: the receipt as it will print, a choice of paper (A4 or an 80 mm slip,
 * kept in the URL as `?format=slip`), Print, and the way back. Loading, not found (another
 * member's receipt is "not found" too) and a failed load with Retry.
 */
export function ReceiptScreen<T>({ query, toPrintable, back }: Props<T>) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const format: ReceiptFormat = params.get('format') === 'slip' ? 'slip' : 'a4';
  const BackIcon = currentLanguage() === 'en' ? ArrowLeftOutlined : ArrowRightOutlined;

  if (query.isPending) {
    return (
      <section className="receipt-screen" aria-busy="true">
        <h1 className="page-title">{t('ledgerUi.receipt.title')}</h1>
        <p>{t('common.loading')}</p>
      </section>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className="receipt-screen">
        <h1 className="page-title">{t(missing ? 'ledgerUi.receipt.not_found' : 'ledgerUi.receipt.title')}</h1>
        {!missing && (
          <Alert
            type="error"
            showIcon
            title={t('ledgerUi.receipt.load_failed')}
            action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
          />
        )}
      </section>
    );
  }

  const receipt = toPrintable(query.data);
  const way = back(receipt);
  return (
    <section className="receipt-screen" aria-labelledby="receipt-screen-title">
      <h1 id="receipt-screen-title" className="visually-hidden">
        {t('ledgerUi.receipt.title')}
      </h1>
      <div className="receipt-bar no-print">
        <Radio.Group
          optionType="button"
          value={format}
          aria-label={t('ledgerUi.receipt.paper')}
          onChange={(event) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (event.target.value === 'slip') next.set('format', 'slip');
                else next.delete('format');
                return next;
              },
              { replace: true },
            )
          }
          options={[
            { value: 'a4', label: t('ledgerUi.receipt.a4') },
            { value: 'slip', label: t('ledgerUi.receipt.slip') },
          ]}
          data-testid="receipt-format"
        />
        <Button
          type="primary"
          icon={<PrinterOutlined aria-hidden="true" />}
          onClick={() => window.print()}
          data-testid="receipt-print"
        >
          {t('ledgerUi.receipt.print')}
        </Button>
        <Link to={way.to} data-testid="receipt-back">
          <BackIcon aria-hidden="true" /> {way.label}
        </Link>
        <p className="receipt-bar-hint">{t('ledgerUi.receipt.print_hint')}</p>
      </div>
      <ReceiptDocument receipt={receipt} format={format} />
    </section>
  );
}

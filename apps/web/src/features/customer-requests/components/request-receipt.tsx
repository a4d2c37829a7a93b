import './customer-requests.css';
import { PrinterOutlined } from '@ant-design/icons';
import type { TCustomerRequestDetail } from '@portal/shared/schemas/customer-requests-api';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { lookupName, PAID_STATUSES } from './request-status';

/**
 * The receipt of a paid request (issue 12): a document for A4 in the UI's language with the
 * request's code, the applicant, the service, the fee paid, its reference and when it was marked
 * paid. The shell hides itself while printing (styles.css, .print-document). Before payment
 * there is nothing to acknowledge: a notice instead.
 */
export function RequestReceipt({ request }: { request: TCustomerRequestDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const paid = PAID_STATUSES.includes(request.request_status_type.id);
  if (!paid || request.payment_amount === null) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('requestsDetail.receipt.not_paid')}
        action={<Link to={paths.serviceRequest(request.id)}>{t('requestsDetail.receipt.back')}</Link>}
      />
    );
  }
  // The newest step into "paid" (a reset and a second payment leave the latest).
  const paidAt = request.history.find((h) => h.request_status_type.id === 5)?.created_at ?? null;
  const facts: [string, ReactNode][] = [
    [
      t('requestsDetail.receipt.code'),
      <bdi key="code" dir="ltr">
        {request.code}
      </bdi>,
    ],
    [t('requestsDetail.fields.name'), request.name],
    [t('requestsDetail.fields.service'), lookupName(request.service)],
    [t('requestsDetail.fields.duration'), lookupName(request.service_duration)],
    [t('requestsDetail.receipt.fees'), <bdi key="fees">{formatMoney(request.payment_amount, lang)}</bdi>],
    [
      t('requestsDetail.fields.payment_reference'),
      <bdi key="reference" dir="ltr">
        {request.payment_reference}
      </bdi>,
    ],
    [t('requestsDetail.receipt.paid_at'), formatDateTime(paidAt, lang)],
  ];
  return (
    <>
      <div className="no-print request-receipt-bar">
        <Button type="primary" icon={<PrinterOutlined aria-hidden="true" />} onClick={() => window.print()}>
          {t('requestsDetail.receipt.print')}
        </Button>
        <Link to={paths.serviceRequest(request.id)}>{t('requestsDetail.receipt.back')}</Link>
      </div>
      <article
        className="print-document request-receipt"
        aria-labelledby="receipt-title"
        data-testid="request-receipt"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is reached by keyboard (WCAG 2.1.1).
        tabIndex={0}
      >
        <header className="request-receipt-head">
          <p className="request-receipt-brand">{t('app.name')}</p>
          <h2 id="receipt-title">{t('requestsDetail.receipt.heading')}</h2>
        </header>
        <dl className="request-receipt-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="request-receipt-foot">{t('requestsDetail.receipt.foot')}</p>
      </article>
    </>
  );
}

import type { TSubscriptionDetail } from '@portal/shared/schemas/associations';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTabs } from '../../../components/layout/page-tabs';
import { SubscriptionHistory } from '../../../features/ledger/components/subscription-history';
import { PaymentsTable } from '../../../features/payments/components/payments-table';
import { SubscriptionLoader } from '../../../features/subscriptions/components/subscription-loader';
import { SubscriptionSummary } from '../../../features/subscriptions/components/subscription-summary';
import { useCan } from '../../../lib/authorization';
import { formatId, isolated } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/**
 * A subscription's page (issue 20): its data, balance and money actions, then its installments
 * (the shared table, filtered by it) and its money history (receipts, payouts, refunds, reversals,
 * withdrawal, replacements).
 */
function SubscriptionPage({ subscription }: { subscription: TSubscriptionDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const s = subscription;
  const readOnly = s.association_status === 'closed' || s.subscription_status === 'cancelled';
  const tabs = [
    {
      key: 'history',
      label: t('ledgerUi.history.title'),
      children: <SubscriptionHistory id={s.id} />,
    },
  ];
  if (can('payments.index')) {
    tabs.unshift({
      key: 'payments',
      label: t('associationsUi.detail.tabs.payments'),
      children: <PaymentsTable scope={{ subscription_id: s.id }} namespace="payments" readOnly={readOnly} />,
    });
  }
  return (
    <div className="subscription-page">
      <h1 className="page-title subscription-title">
        {t('ledgerUi.subscription.heading', {
          member: isolated(s.userName),
          association: isolated(s.association.title),
          day: formatId(s.dayNumber, currentLanguage()),
        })}
      </h1>
      <SubscriptionSummary subscription={s} />
      <section className="panel association-tabs" aria-label={t('ledgerUi.subscription.tabs_label')}>
        <PageTabs items={tabs} />
      </section>
    </div>
  );
}

/** /subscriptions/{id} (subscriptions.index). */
export default function SubscriptionDetailRoute() {
  const id = Number(useParams().id);
  return <SubscriptionLoader id={id}>{(s) => <SubscriptionPage subscription={s} />}</SubscriptionLoader>;
}

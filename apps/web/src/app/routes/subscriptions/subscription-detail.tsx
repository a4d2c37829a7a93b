import type { TSubscriptionDetail } from '@portal/shared/schemas/associations';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTabs } from '../../../components/layout/page-tabs';
import { PaymentsTable } from '../../../features/payments/components/payments-table';
import { SubscriptionLoader } from '../../../features/subscriptions/components/subscription-loader';
import { SubscriptionSummary } from '../../../features/subscriptions/components/subscription-summary';
import { useCan } from '../../../lib/authorization';
import { formatId, isolated } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

// The money history (the ledger's entries, their actions) comes when its tab is first opened; for
// whoever sees the installments it is the second tab (DESIGN §5, 350 KB; docs/decisions/0033).
const SubscriptionHistory = lazy(async () => ({
  default: (await import('../../../features/ledger/components/subscription-history')).SubscriptionHistory,
}));

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
      children: (
        <Suspense fallback={<div aria-busy="true" style={{ minBlockSize: 240 }} />}>
          <SubscriptionHistory id={s.id} />
        </Suspense>
      ),
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

import type { TAssociation } from '@portal/shared/schemas/associations';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTabs } from '../../../components/layout/page-tabs';
import { AssociationLoader } from '../../../features/associations/components/association-loader';
import { AssociationSummary } from '../../../features/associations/components/association-summary';
import { UsersTable } from '../../../features/users/components/users-table';
import { useCan } from '../../../lib/authorization';
import { lazyWithTexts } from '../../../lib/lazy-with-texts';

// The tabs after the first (users) bring their lists when first opened: the page opens without
// them (DESIGN §5, 350 KB; docs/decisions/0033), as the user profile's tabs do.
const PaymentsTable = lazy(async () => ({
  default: (await import('../../../features/payments/components/payments-table')).PaymentsTable,
}));
const SubscriptionsTable = lazy(async () => ({
  default: (await import('../../../features/subscriptions/components/subscriptions-table')).SubscriptionsTable,
}));
const TurnDaysTable = lazy(async () => ({
  default: (await import('../../../features/associations/components/turn-days-table')).TurnDaysTable,
}));

/** Where a tab's list will be, while its code arrives. */
function TabLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div aria-busy="true" style={{ minBlockSize: 240 }} />}>{children}</Suspense>;
}

// The Ledger tab (issue 20 §4) and its texts come when the tab is first opened.
const AssociationLedgerTab = lazyWithTexts(
  () => import('../../../features/associations/components/association-ledger-tab'),
  ['reports'],
);

type Tab = { key: string; label: string; children: ReactNode };

/**
 * SPEC §2 /associations/{id}: the data, then the tabs users, payments and subscriptions (each the
 * shared table, server-paged, filtered by this association, each keeping its own state in the
 * URL under its name), the ledger (its figures and forecast, issue 20 §4) and the turn-day
 * calendar. A tab shows only to whoever may read its list.
 */
function AssociationPage({ association }: { association: TAssociation }) {
  const { t } = useTranslation();
  const can = useCan();
  const scope = { association_id: association.id };
  // A closed association records nothing more (the server refuses too): its tables offer no money action.
  const closed = association.status === 'closed';
  const tabs: Tab[] = [];
  if (can('users.index')) {
    tabs.push({
      key: 'users',
      label: t('associationsUi.detail.tabs.users'),
      children: <UsersTable kind="user" associationId={association.id} namespace="users" />,
    });
  }
  if (can('payments.index')) {
    tabs.push({
      key: 'payments',
      label: t('associationsUi.detail.tabs.payments'),
      children: (
        <TabLoading>
          <PaymentsTable scope={scope} namespace="payments" readOnly={closed} />
        </TabLoading>
      ),
    });
  }
  if (can('subscriptions.index')) {
    tabs.push({
      key: 'subscriptions',
      label: t('associationsUi.detail.tabs.subscriptions'),
      children: (
        <TabLoading>
          <SubscriptionsTable scope={scope} namespace="subscriptions" readOnly={closed} />
        </TabLoading>
      ),
    });
  }
  if (can('payments.index')) {
    tabs.push({
      key: 'ledger',
      label: t('reportsUi.ledger_tab'),
      children: (
        <TabLoading>
          <AssociationLedgerTab associationId={association.id} />
        </TabLoading>
      ),
    });
  }
  tabs.push({
    key: 'days',
    label: t('associationsUi.detail.tabs.days'),
    children: (
      <TabLoading>
        <TurnDaysTable associationId={association.id} namespace="days" />
      </TabLoading>
    ),
  });

  return (
    <div className="association-page">
      <h1 className="page-title">{association.title}</h1>
      <AssociationSummary association={association} />
      <section className="panel association-tabs" aria-label={t('associationsUi.detail.tabs_label')}>
        <PageTabs items={tabs} />
      </section>
    </div>
  );
}

/** /associations/{id} (associations.index). */
export default function AssociationDetailRoute() {
  const id = Number(useParams().id);
  return (
    <AssociationLoader id={id}>{(association) => <AssociationPage association={association} />}</AssociationLoader>
  );
}

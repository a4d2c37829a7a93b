import type { TUser } from '@portal/shared/schemas/auth';
import { lazy, type ReactNode, Suspense } from 'react';
import { useParams } from 'react-router';
import { UserLoader } from '../../../features/users/components/user-loader';
import { type ProfileTab, UserProfile } from '../../../features/users/components/user-profile';
import { useCan, useViewer } from '../../../lib/authorization';
import { lazyWithTexts } from '../../../lib/lazy-with-texts';

/**
 * A member's tabs (SPEC §2): the associations they are in and their subscriptions (subscriptions.index),
 * their installments (payments.index, with the export), their service requests' documents (themselves or
 * show_requests). A member holds none of those permissions: on their own profile these tabs show their
 * own data instead (GET /me/subscriptions): their associations as the cards of "My associations", their
 * subscriptions, and where their installments stand, each with its statement. A tab the viewer may not
 * read stays empty.
 */
// Each tab's list comes when the tab is first shown: the profile opens without them (DESIGN §5, 350 KB).
const UserDocuments = lazy(async () => ({
  default: (await import('../../../features/customer-requests/components/user-documents')).UserDocuments,
}));
const SubscriptionsTable = lazy(async () => ({
  default: (await import('../../../features/subscriptions/components/subscriptions-table')).SubscriptionsTable,
}));
const PaymentsTable = lazy(async () => ({
  default: (await import('../../../features/payments/components/payments-table')).PaymentsTable,
}));
// The member's own, with the texts of their area (locales/<lang>/screens/members.json).
const MySubscriptions = lazyWithTexts(
  async () => ({ default: (await import('../../../features/members/components/my-subscriptions')).MySubscriptions }),
  ['members'],
);
const MySubscriptionsList = lazyWithTexts(
  async () => ({
    default: (await import('../../../features/members/components/my-subscription-lists')).MySubscriptionsList,
  }),
  ['members'],
);
const MyInstallmentsList = lazyWithTexts(
  async () => ({
    default: (await import('../../../features/members/components/my-subscription-lists')).MyInstallmentsList,
  }),
  ['members'],
);

/** While a tab's list downloads: room kept for it, said busy to screen readers. */
const tabLoading = <div aria-busy="true" style={{ minBlockSize: 160 }} />;

function useMemberTabs(user: TUser): Partial<Record<ProfileTab, ReactNode>> {
  const can = useCan();
  const viewer = useViewer();
  if (user.type !== 'user') return {};
  const scope = { user_id: user.id };
  const mine = viewer.id === user.id;
  return {
    ...(can('subscriptions.index')
      ? {
          associations: (
            <Suspense fallback={null}>
              <SubscriptionsTable scope={scope} namespace="associations" variant="associations" />
            </Suspense>
          ),
          subscriptions: (
            <Suspense fallback={null}>
              <SubscriptionsTable scope={scope} namespace="subscriptions" />
            </Suspense>
          ),
        }
      : mine
        ? {
            associations: (
              <Suspense fallback={tabLoading}>
                <MySubscriptions />
              </Suspense>
            ),
            subscriptions: (
              <Suspense fallback={tabLoading}>
                <MySubscriptionsList />
              </Suspense>
            ),
          }
        : {}),
    ...(can('payments.index')
      ? {
          payments: (
            <Suspense fallback={null}>
              <PaymentsTable scope={scope} namespace="payments" />
            </Suspense>
          ),
        }
      : mine
        ? {
            payments: (
              <Suspense fallback={tabLoading}>
                <MyInstallmentsList />
              </Suspense>
            ),
          }
        : {}),
    ...(viewer.id === user.id || can('show_requests')
      ? {
          documents: (
            <Suspense fallback={null}>
              <UserDocuments userId={user.id} />
            </Suspense>
          ),
        }
      : {}),
  };
}

// A member's balance (issue 20 §4) and its texts come with the first profile that shows one.
const MemberBalanceCard = lazyWithTexts(
  () => import('../../../features/reports/components/member-balance-card'),
  ['reports'],
);

/**
 * A member's balance across their subscriptions: the member's own (GET /me/balance, their figures
 * only), or a customer's for staff who may read payments (payments.index). Nothing otherwise.
 */
function useBalance(user: TUser): ReactNode {
  const can = useCan();
  const viewer = useViewer();
  if (user.type !== 'user') return null;
  const mine = viewer.id === user.id;
  if (!mine && !can('payments.index')) return null;
  return (
    <Suspense fallback={<div aria-busy="true" style={{ minBlockSize: 240 }} />}>
      <MemberBalanceCard who={mine ? 'me' : user.id} linkAssociations={!mine && can('associations.index')} />
    </Suspense>
  );
}

function MemberProfile({ user }: { user: TUser }) {
  return <UserProfile user={user} tabs={useMemberTabs(user)} summary={useBalance(user)} />;
}

/** /users/{id}: oneself, or anyone with users.view (the server decides; 403 shows access denied). */
export default function UserProfileRoute() {
  const id = Number(useParams().id);
  return <UserLoader id={id}>{(user) => <MemberProfile user={user} />}</UserLoader>;
}

import type { TUser } from '@portal/shared/schemas/auth';
import { lazy, type ReactNode, Suspense } from 'react';
import { useParams } from 'react-router';
import { PaymentsTable } from '../../../features/payments/components/payments-table';
import { SubscriptionsTable } from '../../../features/subscriptions/components/subscriptions-table';
import { UserLoader } from '../../../features/users/components/user-loader';
import { type ProfileTab, UserProfile } from '../../../features/users/components/user-profile';
import { useCan, useViewer } from '../../../lib/authorization';

/**
 * A member's tabs (SPEC §2): the associations they are in and their subscriptions (subscriptions.index),
 * their installments (payments.index, with the export), their service requests' documents (themselves or
 * show_requests). A tab the viewer may not read stays empty.
 */
// The documents tab's list and download code come when it is first shown.
const UserDocuments = lazy(async () => ({
  default: (await import('../../../features/customer-requests/components/user-documents')).UserDocuments,
}));

function useMemberTabs(user: TUser): Partial<Record<ProfileTab, ReactNode>> {
  const can = useCan();
  const viewer = useViewer();
  if (user.type !== 'user') return {};
  const scope = { user_id: user.id };
  return {
    ...(can('subscriptions.index')
      ? {
          associations: <SubscriptionsTable scope={scope} namespace="associations" variant="associations" />,
          subscriptions: <SubscriptionsTable scope={scope} namespace="subscriptions" />,
        }
      : {}),
    ...(can('payments.index') ? { payments: <PaymentsTable scope={scope} namespace="payments" /> } : {}),
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

function MemberProfile({ user }: { user: TUser }) {
  return <UserProfile user={user} tabs={useMemberTabs(user)} />;
}

/** /users/{id}: oneself, or anyone with users.view (the server decides; 403 shows access denied). */
export default function UserProfileRoute() {
  const id = Number(useParams().id);
  return <UserLoader id={id}>{(user) => <MemberProfile user={user} />}</UserLoader>;
}

import { userPolicy } from '@portal/shared/policy';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { paths } from '../../../config/paths';
import { useViewer } from '../../../lib/authorization';
import { useSession } from '../../../lib/session';

/**
 * SPEC §6 (userPolicy.edit): one may edit oneself (unless unedit_users) or, with users.put,
 * anyone; otherwise the edit and password pages send the user to their own profile.
 */
export function EditableOrOwnProfile({ id, children }: { id: number; children: ReactNode }) {
  const { user, loading } = useSession();
  const viewer = useViewer();
  if (loading || !user) return <PageLoader />;
  if (!userPolicy.edit(viewer, id)) return <Navigate to={paths.user(user.id)} replace />;
  return children;
}

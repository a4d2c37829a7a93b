import { useTranslation } from 'react-i18next';
import { Navigate, useMatch, useParams } from 'react-router';
import { editPathOf } from '../../../features/users/access';
import { UserForm } from '../../../features/users/components/user-form';
import { UserLoader } from '../../../features/users/components/user-loader';
import { listTexts } from '../../../features/users/kinds';
import { useViewer } from '../../../lib/authorization';
import { EditableOrOwnProfile } from './own-profile-redirect';

/**
 * /users/{id}/edit and /users/admin/{id}/edit: the create form in edit mode, for the user's own type.
 * Each type has its route (SPEC §2), whose breadcrumb names it: an administrator opened at the
 * customers' path (or the other way round) is sent to their own, so the heading and the crumb agree.
 * One's own page says "Edit my profile" (the route's `ownCrumb` says it in the crumb and the tab title).
 */
export default function UserEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const viewer = useViewer();
  const atAdminPath = useMatch('/users/admin/:id/edit') !== null;
  return (
    <EditableOrOwnProfile id={id}>
      <UserLoader id={id}>
        {(user) =>
          (user.type === 'admin') !== atAdminPath ? (
            <Navigate to={editPathOf(user)} replace />
          ) : (
            <>
              <h1 className="page-title">
                {t(user.id === viewer.id ? 'usersUi.edit_own_title' : `${listTexts(user.type)}.edit_title`)}
              </h1>
              <UserForm key={`${user.id}-${user.image ?? ''}`} kind={user.type} user={user} />
            </>
          )
        }
      </UserLoader>
    </EditableOrOwnProfile>
  );
}

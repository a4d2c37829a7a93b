import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PasswordForm } from '../../../features/users/components/password-form';
import { UserLoader } from '../../../features/users/components/user-loader';
import { useSession } from '../../../lib/session';
import { EditableOrOwnProfile } from './own-profile-redirect';

/** /users/user/password/change/{id}: one's own (old password asked) or, with users.put, someone else's. */
export default function ChangePasswordRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { user: me } = useSession();
  const self = me?.id === id;
  return (
    <EditableOrOwnProfile id={id}>
      <UserLoader id={id}>
        {(user) => (
          <>
            <h1 className="page-title">
              {self ? t('usersUi.password.title') : t('usersUi.password.title_for', { name: user.name })}
            </h1>
            <PasswordForm userId={user.id} self={self} />
          </>
        )}
      </UserLoader>
    </EditableOrOwnProfile>
  );
}

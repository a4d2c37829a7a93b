import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { UserForm } from '../../../features/users/components/user-form';
import { UserLoader } from '../../../features/users/components/user-loader';
import { listTexts } from '../../../features/users/kinds';
import { EditableOrOwnProfile } from './own-profile-redirect';

/** /users/{id}/edit and /users/admin/{id}/edit: the create form in edit mode, for the user's own type. */
export default function UserEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <EditableOrOwnProfile id={id}>
      <UserLoader id={id}>
        {(user) => (
          <>
            <h1 className="page-title">{t(`${listTexts(user.type)}.edit_title`)}</h1>
            <UserForm key={`${user.id}-${user.image ?? ''}`} kind={user.type} user={user} />
          </>
        )}
      </UserLoader>
    </EditableOrOwnProfile>
  );
}

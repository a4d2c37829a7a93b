import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { UserAccessForm } from '../../../features/roles/components/user-access-form';

/** /users/user/roles/{id}: an administrator's roles and direct permissions (PUT /user/roles/{id}). */
export default function UserRolesRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.notFound} replace />;
  return (
    <>
      <h1 className="page-title">{t('rolesUi.assign_page.user_roles_title')}</h1>
      <UserAccessForm userId={id} via="user" />
    </>
  );
}

import type { UserType } from '@portal/shared/enums';
import { useTranslation } from 'react-i18next';
import { UserForm } from '../../../features/users/components/user-form';
import { listTexts } from '../../../features/users/kinds';

/** /users/create and /users/admins/create. */
export function UserCreateScreen({ kind }: { kind: UserType }) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t(`${listTexts(kind)}.create_title`)}</h1>
      <UserForm key={kind} kind={kind} />
    </>
  );
}

export default function UserCreateRoute() {
  return <UserCreateScreen kind="user" />;
}

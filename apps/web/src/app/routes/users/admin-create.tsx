import { UserCreateScreen } from './user-create';

export default function AdminCreateRoute() {
  return <UserCreateScreen kind="admin" />;
}

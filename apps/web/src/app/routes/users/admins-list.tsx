import { UsersListScreen } from './users-list';

export default function AdminsListRoute() {
  return <UsersListScreen kind="admin" />;
}

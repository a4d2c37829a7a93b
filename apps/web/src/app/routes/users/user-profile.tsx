import { useParams } from 'react-router';
import { UserLoader } from '../../../features/users/components/user-loader';
import { UserProfile } from '../../../features/users/components/user-profile';

/** /users/{id}: oneself, or anyone with users.view (the server decides; 403 shows access denied). */
export default function UserProfileRoute() {
  const id = Number(useParams().id);
  return <UserLoader id={id}>{(user) => <UserProfile user={user} />}</UserLoader>;
}

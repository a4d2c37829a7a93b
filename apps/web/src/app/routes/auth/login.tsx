import { useLocation } from 'react-router';
import { LoginPage, landingAfterLogin } from '../../../features/auth/components/login-page';
import { type LoginState, useSession } from '../../../lib/session';
import { preloadAntd } from '../../antd-boundary';

export default function LoginRoute() {
  const { signIn } = useSession();
  const state = useLocation().state as LoginState;
  return (
    <LoginPage
      notice={state?.notice}
      // The signed-in screens use antd: download it while the server checks the password.
      onSubmit={() => void preloadAntd().catch(() => undefined)}
      onSuccess={(data) => signIn(data, landingAfterLogin(data, state?.from))}
    />
  );
}

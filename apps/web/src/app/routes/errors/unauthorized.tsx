import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/guest/button';
import { Result, ResultActions } from '../../../components/guest/result';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { readSession } from '../../../lib/session-store';

/** SPEC §2: back to the user's profile when signed in, and a login link that clears the session. */
export default function UnauthorizedRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn, signOut } = useSession();
  const session = readSession();
  const [leaving, setLeaving] = useState(false);
  return (
    <main className="error-page">
      <Result
        status="warning"
        code="401"
        headingLevel={1}
        title={t('errors_page.unauthorized')}
        extra={
          <ResultActions>
            {session && (
              <Button onClick={() => navigate(paths.user(session.userId))}>{t('errors_page.back_to_profile')}</Button>
            )}
            <Button
              variant="primary"
              loading={leaving}
              onClick={() => {
                // The session's own sign-out: the token is revoked, the stored session, the caches and
                // the session state go, and the login page opens (a guest page, now that nobody is signed in).
                if (!signedIn) {
                  navigate(paths.login, { replace: true });
                  return;
                }
                setLeaving(true);
                void signOut();
              }}
            >
              {t('auth.login')}
            </Button>
          </ResultActions>
        }
      />
    </main>
  );
}

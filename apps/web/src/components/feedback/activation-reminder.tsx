import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { needsActivation } from '../../lib/account-state';
import { useSession } from '../../lib/session';

/**
 * Above every signed-in page until the customer has activated their email: what is missing
 * and a link to /message, where the emailed code is entered (or the email sent again).
 */
export function ActivationReminder() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!needsActivation(user) || pathname === paths.message) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      className="activation-reminder"
      data-testid="activation-reminder"
      title={t('activation_reminder.text')}
      action={
        <Link to={paths.message}>
          <Button size="small" type="primary" tabIndex={-1}>
            {t('activation_reminder.action')}
          </Button>
        </Link>
      }
    />
  );
}

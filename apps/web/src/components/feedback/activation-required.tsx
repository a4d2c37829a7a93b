import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/**
 * What a customer whose email is not activated cannot do yet (join an association, submit a
 * request: DESIGN §2 Accounts), said where they tried, with the way to /message where the emailed
 * code is entered or sent again. `message` is the server's refusal, or the screen's own words when
 * the session already knows.
 */
export function ActivationRequired({ message, testId }: { message: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      className="form-alert"
      data-testid={testId}
      title={message}
      action={
        <Link to={paths.message}>
          <Button size="small" type="primary" tabIndex={-1}>
            {t('activation_reminder.activate_email')}
          </Button>
        </Link>
      }
    />
  );
}

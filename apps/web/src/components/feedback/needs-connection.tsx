import { DisconnectOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOffline } from '../../lib/offline';

/**
 * Offline, an action is not pressed in vain (issue 23, docs/decisions/0032-pwa.md): its button stays
 * where it is, disabled, and says it needs a connection. SubmitButton and ConfirmAction do it for
 * every form and confirmed action; ConnectionButton for the other buttons that reach the server.
 */
export function NeedsConnection() {
  const { t } = useTranslation();
  return <span className="needs-connection">({t('pwa.offline.needs_connection')})</span>;
}

/** Whether actions are held back now: the browser is offline, or the page shows offline copies. */
export function useActionsOffline(): boolean {
  return useOffline().offline;
}

/** An antd Button for an action that needs the server; offline it says so instead of failing. */
export function ConnectionButton({ children, icon, disabled, ...props }: ButtonProps) {
  const offline = useActionsOffline();
  if (!offline) {
    return (
      <Button icon={icon} disabled={disabled} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <Button {...props} icon={<DisconnectOutlined aria-hidden="true" />} disabled data-offline="true">
      {children}
      <NeedsConnection />
    </Button>
  );
}

import { DisconnectOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { NeedsConnection, useActionsOffline } from '../feedback/needs-connection';

/**
 * The primary submit of a form: disabled with a spinner while the save is pending
 * (`pending` from useFormSubmit in lib/forms.ts), so a double click sends one request.
 * Offline it is disabled and says it needs a connection (docs/decisions/0032-pwa.md).
 */
export function SubmitButton({
  pending,
  disabled,
  children,
  testId,
}: {
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  const offline = useActionsOffline();
  return (
    <Button
      type="primary"
      htmlType="submit"
      // 44 px high on a phone (styles.css, WCAG 2.2 target size), wherever the form puts it.
      className="submit-button"
      loading={pending}
      disabled={pending || disabled || offline}
      icon={offline ? <DisconnectOutlined aria-hidden="true" /> : undefined}
      aria-busy={pending || undefined}
      data-testid={testId}
      data-offline={offline || undefined}
    >
      {children}
      {offline && <NeedsConnection />}
    </Button>
  );
}

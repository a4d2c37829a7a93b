import { DisconnectOutlined } from '@ant-design/icons';
import { TOAST_SECONDS } from '@portal/shared/constants';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { usePendingGuard } from '../../lib/pending-guard';
import { toast } from '../../lib/toast';
import { NeedsConnection, useActionsOffline } from '../feedback/needs-connection';

/** The buttons of one row, side by side, never wrapped. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Space size={4} wrap={false}>
      {children}
    </Space>
  );
}

/** A row action that opens a screen (view, edit, roles): an icon link named for screen readers. */
export function ActionLink({
  to,
  label,
  icon,
  testId,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  testId?: string;
}) {
  return (
    <Link to={to} aria-label={label} data-testid={testId}>
      <Button size="small" icon={icon} tabIndex={-1} />
    </Link>
  );
}

/** "can not delete: <the server's reason>" (SPEC §8), or the prefix alone when the server gave none. */
export function toastActionFailed(failure: string, error: unknown): void {
  const reason = error instanceof ApiError ? error.message : '';
  toast.error(reason ? `${failure}: ${reason}` : failure, TOAST_SECONDS);
}

export type ConfirmActionProps = {
  /** The button's accessible name, e.g. "Delete Ahmed". */
  label: string;
  icon: ReactNode;
  /** Visible text beside the icon; icon only without it. */
  text?: string;
  danger?: boolean;
  primary?: boolean;
  testId?: string;
  /** The confirmation, translated. */
  confirm: { title: string; description?: string; ok: string; cancel: string };
  /** Does the work and settles when it is done, e.g. `() => remove.mutateAsync(row.id)`. */
  run: () => Promise<unknown>;
  /** Toasted once it succeeded. */
  success?: string;
  /**
   * Toasted as "<failure>: <server's reason>" when it fails (the mutation is then `silent`).
   * Without it, the query client's default toast reports the error (the mutation must not be silent).
   */
  failure?: string;
  /** Toasted when the user backs out of the confirmation (SPEC §8 "cancel"). */
  cancelled?: string;
  /** Small in a table row (the default); `middle` beside a page's other buttons. */
  size?: 'small' | 'middle';
};

/**
 * A row action behind a confirmation (delete, verify…). While it runs its button and the
 * confirmation's OK show a spinner and take no click, so it fires once however often
 * it is pressed; then a success toast, or the failure with the server's reason.
 * Offline it is disabled and says it needs a connection (docs/decisions/0032-pwa.md).
 */
export function ConfirmAction(props: ConfirmActionProps) {
  const { t } = useTranslation();
  const offline = useActionsOffline();
  const { run: fire, pending } = usePendingGuard(async () => {
    try {
      await props.run();
      if (props.success) toast.success(props.success);
    } catch (error) {
      if (props.failure) toastActionFailed(props.failure, error);
    }
  });

  return (
    <Popconfirm
      title={props.confirm.title}
      description={props.confirm.description}
      okText={props.confirm.ok}
      cancelText={props.confirm.cancel}
      okButtonProps={{ danger: props.danger, loading: pending }}
      onConfirm={fire}
      onCancel={() => {
        if (props.cancelled) toast.info(props.cancelled);
      }}
      disabled={pending || offline}
    >
      <Button
        size={props.size ?? 'small'}
        type={props.primary ? 'primary' : undefined}
        danger={props.danger}
        icon={offline ? <DisconnectOutlined aria-hidden="true" /> : props.icon}
        loading={pending}
        disabled={offline}
        aria-label={offline ? `${props.label} (${t('pwa.offline.needs_connection')})` : props.label}
        title={offline && !props.text ? t('pwa.offline.needs_connection') : undefined}
        aria-busy={pending || undefined}
        data-testid={props.testId}
        data-offline={offline || undefined}
      >
        {props.text}
        {offline && props.text && <NeedsConnection />}
      </Button>
    </Popconfirm>
  );
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/guest/button';
import { Result, ResultActions } from '../../../components/guest/result';
import { GuestLoader } from '../../../components/guest/spinner';
import { ApiError } from '../../../lib/api-client';
import { type ActivationKind, useActivateByToken } from '../api/accounts-api';

type Action = { label: string; onClick: () => void; primary?: boolean };

type Props = {
  kind: ActivationKind;
  token: string;
  /** What the user can do next: log in, go home, enter the code instead… */
  actions: (outcome: 'success' | 'error') => Action[];
};

/**
 * An emailed link (/activation/{token}, /recoveryactivation/{token}): the link
 * is used once on arrival (the token is single-use, so it is sent exactly once
 * even when React runs effects twice) and the outcome shown.
 */
export function ActivationResult({ kind, token, actions }: Props) {
  const { t } = useTranslation();
  const activate = useActivateByToken(kind);
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    activate.mutate(token);
  }, [token, activate.mutate]);

  if (activate.isSuccess) {
    return (
      <Result
        status="success"
        title={kind === 'email' ? t('accounts.messages.activated') : t('accountsUi.activation.recovery_success')}
        subTitle={kind === 'email' ? t('accountsUi.activation.success_hint') : t('accounts.messages.recovery_received')}
        extra={renderActions(actions('success'))}
      />
    );
  }
  if (activate.isError) {
    const reason = activate.error instanceof ApiError ? activate.error.message : '';
    return (
      <Result
        status="error"
        title={t('accountsUi.activation.failed')}
        subTitle={reason || t('common.check_connection')}
        extra={renderActions(actions('error'))}
      />
    );
  }
  return <GuestLoader label={t('accountsUi.activation.loading')} />;
}

function renderActions(list: Action[]) {
  return (
    <ResultActions>
      {list.map((a) => (
        <Button key={a.label} variant={a.primary ? 'primary' : 'default'} onClick={a.onClick}>
          {a.label}
        </Button>
      ))}
    </ResultActions>
  );
}

import { ZResetPasswordRequest } from '@portal/shared/schemas/accounts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/guest/button';
import { ErrorSummary, PasswordField } from '../../../components/guest/field';
import { LockIcon } from '../../../components/guest/icons';
import { useLeanForm } from '../../../components/guest/use-form';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/accounts-api';

type Props = {
  token: string;
  onDone: () => void;
  /** The link cannot be used (expired, used, unknown) or the call failed: with the server's reason, if any. */
  onFailed: (reason: string | null) => void;
};

/** New password from the emailed link (SPEC §2 /newpassword/{token}, §5): the password rules plus confirmation. */
export function NewPasswordForm({ token, onDone, onFailed }: Props) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const form = useLeanForm({
    fields: ['password', 'confirm_password'] as const,
    schema: ZResetPasswordRequest,
    toInput: (values) => ({ ...values, token }),
    dependants: { password: ['confirm_password'] },
    validateOn: 'blur',
    onValid: (input) => {
      if (reset.isPending) return;
      reset.mutate(input, {
        onSuccess: onDone,
        onError: (error) => {
          // A rule the server refused is said on its field; anything else sends the user back to /reset.
          if (form.showServerErrors(error)) return;
          onFailed(error instanceof ApiError && error.message ? error.message : null);
        },
      });
    },
  });

  return (
    <form className="lean-form" {...form.formProps}>
      <ErrorSummary
        errors={form.errors}
        labels={{
          password: t('accountsUi.fields.new_password'),
          confirm_password: t('accountsUi.fields.confirm_password'),
        }}
      />
      <PasswordField
        {...form.field('password')}
        label={t('accountsUi.fields.new_password')}
        hint={t('accountsUi.fields.password_hint')}
        icon={<LockIcon />}
        autoComplete="new-password"
        autoFocus
      />
      <PasswordField
        {...form.field('confirm_password')}
        label={t('accountsUi.fields.confirm_password')}
        icon={<LockIcon />}
        autoComplete="new-password"
      />
      <Button type="submit" variant="primary" block loading={reset.isPending} data-testid="new-password-submit">
        {t('accountsUi.reset.new_submit')}
      </Button>
    </form>
  );
}

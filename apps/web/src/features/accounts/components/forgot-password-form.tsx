import { ZForgotPasswordRequest } from '@portal/shared/schemas/accounts';
import { stripSpaces } from '@portal/shared/text';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/guest/alert';
import { Button } from '../../../components/guest/button';
import { ErrorSummary, Field } from '../../../components/guest/field';
import { MailIcon } from '../../../components/guest/icons';
import { useLeanForm } from '../../../components/guest/use-form';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useForgotPassword } from '../api/accounts-api';

type Props = {
  /** Called once the server took the request (it answers the same whether or not the email exists). */
  onSent: (email: string) => void;
  /** Why the user was sent back here (e.g. the reset link had expired). */
  notice?: string | null;
};

/** Forgot password (SPEC §2 /reset, §5): the email, spaces removed; failure says "an error occurred, please try again". */
export function ForgotPasswordForm({ onSent, notice }: Props) {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const form = useLeanForm({
    fields: ['email'] as const,
    schema: ZForgotPasswordRequest,
    normalize: { email: stripSpaces },
    onValid: (input) => {
      if (forgot.isPending || forgot.isSuccess) return;
      forgot.mutate(input, {
        onSuccess: () => onSent(input.email),
        onError: (error) => {
          if (form.showServerErrors(error)) return;
          // Too many attempts: the server says how long to wait, which is more use than a generic line.
          toast.error(
            error instanceof ApiError && error.status === 429 && error.message
              ? error.message
              : t('accountsUi.try_again_error'),
          );
        },
      });
    },
  });

  return (
    <form className="lean-form" {...form.formProps}>
      <ErrorSummary errors={form.errors} labels={{ email: t('accountsUi.fields.email') }} />
      {notice && <Alert type="warning" title={notice} />}
      <p className="auth-intro">{t('accountsUi.reset.intro')}</p>
      <Field
        {...form.field('email')}
        label={t('accountsUi.fields.email')}
        icon={<MailIcon />}
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        autoFocus
        placeholder={t('accountsUi.fields.email_placeholder')}
      />
      <Button
        type="submit"
        variant="primary"
        block
        loading={forgot.isPending || forgot.isSuccess}
        data-testid="reset-submit"
      >
        {t('accountsUi.reset.submit')}
      </Button>
      <p className="form-footer">
        <Link to={paths.login}>{t('accountsUi.back_to_login')}</Link>
      </p>
    </form>
  );
}

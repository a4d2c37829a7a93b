import { TOAST_SECONDS } from '@portal/shared/constants';
import type { TLoginResponseData } from '@portal/shared/schemas/auth';
import { normalizePhone } from '@portal/shared/text';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/guest/button';
import { ErrorSummary, Field, PasswordField } from '../../../components/guest/field';
import { LockIcon, PhoneIcon } from '../../../components/guest/icons';
import { Link } from '../../../components/guest/link';
import { useLeanForm } from '../../../components/guest/use-form';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { toast, toastApiError } from '../../../lib/toast';
import { useLogin } from '../api/use-login';

const FIELDS = ['phone', 'password'] as const;

/** The shared login schema, with zod: downloaded on the first keystroke, not with the page (DESIGN §5). */
const loginSchema = () => import('@portal/shared/schemas/auth').then((m) => m.ZLoginRequestSchema);

/**
 * Phone and password (SPEC §5): spaces removed, Arabic digits accepted, Enter submits, one request at a time.
 * Plain HTML controls, no antd: this is the first page most visitors load (DESIGN §5).
 */
export function LoginForm({
  onSuccess,
  onSubmit,
}: {
  onSuccess: (data: TLoginResponseData) => void;
  /** Told when a valid form is sent (the route starts loading what comes after login). */
  onSubmit?: () => void;
}) {
  const { t } = useTranslation();
  const login = useLogin();
  // After a success the page moves on (a lazy route may take a moment): busy until it has, so a
  // second click sends nothing (issue 22 item 5).
  const busy = login.isPending || login.isSuccess;
  const form = useLeanForm({
    fields: FIELDS,
    schema: loginSchema,
    normalize: { phone: normalizePhone },
    onValid: (input) => {
      if (busy) return;
      onSubmit?.();
      login.mutate(input, {
        onSuccess,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'invalid_data') {
            toast.error(t('errors.invalid_data'), TOAST_SECONDS);
            form.setField('password', { value: '' });
          } else if (error instanceof ApiError && error.status === 422) {
            toast.error(t('validation.complete_fields'), TOAST_SECONDS);
          } else {
            toastApiError(error);
          }
        },
      });
    },
  });

  return (
    <form className="lean-form" autoComplete="on" {...form.formProps}>
      <ErrorSummary errors={form.errors} labels={{ phone: t('auth.phone'), password: t('auth.password') }} />
      <Field
        {...form.field('phone')}
        label={t('auth.phone')}
        icon={<PhoneIcon />}
        inputMode="numeric"
        autoComplete="tel"
        placeholder={t('auth.phone_placeholder')}
        dir="ltr"
        autoFocus
      />
      <PasswordField
        {...form.field('password')}
        label={t('auth.password')}
        icon={<LockIcon />}
        autoComplete="current-password"
      />
      <div className="form-links">
        <Link to={paths.reset}>{t('auth.forgot_password')}</Link>
      </div>
      <Button type="submit" variant="primary" block loading={busy} data-testid="login-submit">
        {t('auth.login')}
      </Button>
      <p className="form-footer">
        {t('auth.no_account')} <Link to={paths.register}>{t('auth.register')}</Link>
      </p>
      <p className="form-footer">
        <Link to={paths.contact}>{t('auth.contact_us')}</Link>
      </p>
    </form>
  );
}

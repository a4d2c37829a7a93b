import { ADDRESS_MAX_LENGTH, ZRegisterRequest } from '@portal/shared/schemas/accounts';
import type { TLoginResponseData } from '@portal/shared/schemas/auth';
import { normalizePhone, stripSpaces } from '@portal/shared/text';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/guest/button';
import { ErrorSummary, Field, PasswordField } from '../../../components/guest/field';
import { HomeIcon, LockIcon, MailIcon, PhoneIcon, UserIcon } from '../../../components/guest/icons';
import { useLeanForm } from '../../../components/guest/use-form';
import { paths } from '../../../config/paths';
import { useIdempotencyKey, withIdempotencyKey } from '../../../lib/idempotency';
import { toast } from '../../../lib/toast';
import { useRegister } from '../api/accounts-api';
import { ServerErrorAlert } from './server-error-alert';
import { TermsAcceptance, useShownTermsVersion } from './terms-acceptance';

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'mobile',
  'password',
  'confirm_password',
  'address',
  'accept_terms',
] as const;

/**
 * Registration (SPEC §2, §5): every rule comes from the shared ZRegisterRequest,
 * so the form and the server refuse the same things with the same words.
 * The email loses its spaces and the mobile is normalized (spaces, dashes, +20,
 * Arabic digits) as the user types or pastes, never cut. Enter submits; one
 * request at a time, and a retry of the same data carries the same idempotency
 * key, so a lost answer never registers twice.
 */
export function RegisterForm({ onRegistered }: { onRegistered: (data: TLoginResponseData) => void }) {
  const { t } = useTranslation();
  const register = useRegister();
  const keys = useIdempotencyKey();
  const termsVersion = useShownTermsVersion();
  const form = useLeanForm({
    fields: FIELDS,
    schema: ZRegisterRequest,
    // The terms version the page showed is what the customer accepts (the server checks it is current).
    toInput: (values) => ({ ...values, terms_version_id: termsVersion }),
    normalize: { email: stripSpaces, mobile: normalizePhone },
    dependants: { password: ['confirm_password'] },
    validateOn: 'blur',
    onInvalid: () => toast.error(t('accountsUi.invalid_data')),
    onValid: (input) => {
      if (register.isPending || register.isSuccess) return;
      register.mutate(withIdempotencyKey(input, keys.keyFor(input)), {
        // The key is kept: the page moves on (the form and its key go with it).
        onSuccess: (data) => onRegistered(data),
        onError: (error) => {
          form.showServerErrors(error);
        },
      });
    },
  });

  return (
    <form className="lean-form register-form" autoComplete="on" {...form.formProps}>
      <ErrorSummary
        errors={form.errors}
        labels={{
          first_name: t('accountsUi.fields.first_name'),
          last_name: t('accountsUi.fields.last_name'),
          email: t('accountsUi.fields.email'),
          mobile: t('accountsUi.fields.mobile'),
          password: t('accountsUi.fields.password'),
          confirm_password: t('accountsUi.fields.confirm_password'),
          address: t('accountsUi.fields.address'),
          accept_terms: t('accountsUi.register.terms_title'),
        }}
      />
      <ServerErrorAlert error={register.error} title={t('accountsUi.register.failed')} />
      <div className="field-row">
        <Field
          {...form.field('first_name')}
          label={t('accountsUi.fields.first_name')}
          icon={<UserIcon />}
          autoComplete="given-name"
          maxLength={70}
          autoFocus
        />
        <Field
          {...form.field('last_name')}
          label={t('accountsUi.fields.last_name')}
          autoComplete="family-name"
          maxLength={70}
        />
      </div>
      <Field
        {...form.field('email')}
        label={t('accountsUi.fields.email')}
        icon={<MailIcon />}
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        placeholder={t('accountsUi.fields.email_placeholder')}
      />
      <Field
        {...form.field('mobile')}
        label={t('accountsUi.fields.mobile')}
        icon={<PhoneIcon />}
        inputMode="numeric"
        autoComplete="tel"
        dir="ltr"
        placeholder={t('accountsUi.fields.mobile_placeholder')}
      />
      <PasswordField
        {...form.field('password')}
        label={t('accountsUi.fields.password')}
        hint={t('accountsUi.fields.password_hint')}
        icon={<LockIcon />}
        autoComplete="new-password"
      />
      <PasswordField
        {...form.field('confirm_password')}
        label={t('accountsUi.fields.confirm_password')}
        icon={<LockIcon />}
        autoComplete="new-password"
      />
      <Field
        {...form.field('address')}
        label={t('accountsUi.fields.address')}
        icon={<HomeIcon />}
        autoComplete="street-address"
        maxLength={ADDRESS_MAX_LENGTH}
      />
      <TermsAcceptance
        checked={form.values.accept_terms === 'true'}
        onChange={(checked) => form.field('accept_terms').onChange({ target: { value: checked ? 'true' : '' } })}
        error={form.errors.accept_terms ?? null}
      />
      <Button
        type="submit"
        variant="primary"
        block
        loading={register.isPending || register.isSuccess}
        data-testid="register-submit"
      >
        {t('accountsUi.register.submit')}
      </Button>
      <p className="form-footer">
        {t('accountsUi.register.have_account')} <Link to={paths.login}>{t('accountsUi.login')}</Link>
      </p>
    </form>
  );
}

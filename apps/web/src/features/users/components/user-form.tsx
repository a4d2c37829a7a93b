import { TOAST_SECONDS } from '@portal/shared/constants';
import type { UserType } from '@portal/shared/enums';
import { userPolicy } from '@portal/shared/policy';
import type { TUser } from '@portal/shared/schemas/auth';
import { normalizePhone } from '@portal/shared/text';
import { BIRTHDATE_MIN, latestBirthdate } from '@portal/shared/users-rules';
import { Button, Col, Form, Input, Row, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldHint } from '../../../components/forms/field-hint';
import { LazyDatePicker } from '../../../components/forms/lazy-date-picker';
import { SubmitButton } from '../../../components/forms/submit-button';
import { Panel } from '../../../components/layout/panel';
import { paths } from '../../../config/paths';
import { useViewer } from '../../../lib/authorization';
import { dayjsOfDay, dayOfDayjs } from '../../../lib/clock';
import { datePickerFormat } from '../../../lib/dayjs';
import { confirmPasswordRules, lazyZodRule, toastCompleteFields, useFormSubmit, useSchemas } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useCreateUser, useUpdateUser, useUploadPhoto } from '../api/users-api';
import { PhotoPicker } from './photo-picker';

type Values = {
  name: string;
  email: string;
  phone: string;
  birthdate: string | null;
  address?: string | null;
  password?: string;
  confirm?: string;
  active?: boolean;
  reminder_emails?: boolean;
};

const FIELDS = ['name', 'email', 'phone', 'birthdate', 'address', 'password', 'active', 'reminder_emails'] as const;

/**
 * The birthdate picker offers no day later than one day ago (SPEC §5), nor before 1900.
 * A picker cell is a calendar date; "one day ago" is Cairo's (lib/clock.ts), whatever the machine's zone.
 */
export function isBirthdateDisabled(day: Dayjs): boolean {
  const date = dayOfDayjs(day);
  return date > latestBirthdate() || date < BIRTHDATE_MIN;
}

type Props = {
  /** The type of account created (customer or administrator); on edit, the user's own. */
  kind: UserType;
  /** Present on edit. */
  user?: TUser;
};

/**
 * Create and edit a user or an administrator (SPEC §5): every rule comes from the
 * shared schema, so the form refuses exactly what the server refuses, in the same words.
 */
export function UserForm({ kind, user }: Props) {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const [form] = Form.useForm<Values>();
  const birthdate = Form.useWatch('birthdate', form) ?? user?.birthDate ?? null;
  const [photo, setPhoto] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreateUser();
  const update = useUpdateUser(user?.id ?? 0);
  const upload = useUploadPhoto();
  const editing = user !== undefined;
  // The shared schemas (and zod) arrive with the form, not before it (lib/forms.ts useSchemas).
  const schemas = useSchemas(() => import('@portal/shared/schemas/users'));
  const rule = (field: 'name' | 'email' | 'phone' | 'birthdate' | 'address') =>
    lazyZodRule(async () => {
      const m = await schemas();
      return (editing ? m.ZUserUpdateRequestSchema : m.ZUserCreateRequestSchema).shape[field];
    });
  const showActive = editing && userPolicy.changeStatus(viewer, user.id);
  const listPath = kind === 'admin' ? paths.admins : paths.users;

  const finish = async (saved: TUser, leave: (to: string) => void) => {
    if (photo) {
      try {
        await upload.mutateAsync({ id: saved.id, file: photo, onProgress: setProgress });
      } catch (error) {
        const reason = error instanceof Error && error.message ? `: ${error.message}` : '';
        toast.error(`${t('usersUi.form.photo_failed')}${reason}`, TOAST_SECONDS);
      } finally {
        setProgress(null);
      }
    }
    toast.success(t('messages.success'));
    leave(editing ? paths.user(saved.id) : listPath);
  };

  // One save at a time: a double click or Enter while it is pending sends nothing more (SPEC §5);
  // a retry of the same values carries the same idempotency key, so the server creates once.
  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent, leave) => {
      const common = {
        name: values.name,
        email: values.email,
        phone: values.phone,
        birthdate: values.birthdate ?? null,
        address: values.address ?? null,
      };
      const { ZUserCreateRequestSchema, ZUserUpdateRequestSchema } = await schemas();
      if (editing) {
        const edited = { ...common, reminder_emails: values.reminder_emails ?? user.reminder_emails };
        const parsed = ZUserUpdateRequestSchema.safeParse(showActive ? { ...edited, active: values.active } : edited);
        if (!parsed.success) return toastCompleteFields();
        await finish(await update.mutateAsync(idempotent(parsed.data, user.id)), leave);
      } else {
        const parsed = ZUserCreateRequestSchema.safeParse({ ...common, password: values.password, type: kind });
        if (!parsed.success) return toastCompleteFields();
        await finish(await create.mutateAsync(idempotent(parsed.data)), leave);
      }
    },
    { fields: FIELDS },
  );

  return (
    <Panel className="user-form-card">
      <Form<Values>
        form={form}
        name="user"
        layout="vertical"
        requiredMark
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
        initialValues={
          user
            ? {
                name: user.name,
                email: user.email ?? '',
                phone: user.phone,
                birthdate: user.birthDate,
                address: user.address ?? '',
                active: user.active,
                reminder_emails: user.reminder_emails,
              }
            : { birthdate: null }
        }
        data-testid="user-form"
      >
        <Form.Item label={t('usersUi.form.photo')}>
          <PhotoPicker current={user} value={photo} onChange={setPhoto} name={user?.name ?? ''} progress={progress} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('usersUi.form.name')} rules={[rule('name')]} required>
              <Input autoComplete="name" maxLength={150} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('usersUi.form.email')} rules={[rule('email')]} required>
              <Input type="email" dir="ltr" autoComplete="email" inputMode="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="phone"
              label={t('usersUi.form.phone')}
              normalize={(v: string | undefined) => normalizePhone(v ?? '')}
              rules={[rule('phone')]}
              required
            >
              <Input
                dir="ltr"
                inputMode="numeric"
                autoComplete="tel"
                placeholder={t('usersUi.form.phone_placeholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="birthdate"
              label={t('usersUi.form.birthdate')}
              rules={[rule('birthdate')]}
              getValueProps={(value: string | null) => ({ value: value ? dayjsOfDay(value) : null })}
              normalize={(day: Dayjs | null) => (day ? dayOfDayjs(day) : null)}
            >
              <LazyDatePicker
                className="full-width"
                disabledDate={isBirthdateDisabled}
                // As the profile shows it ("15 مايو 1990"), not as ISO.
                format={datePickerFormat(i18n.language === 'en' ? 'en' : 'ar')}
                // Opens at the date chosen (editing), else 25 years back; antd would otherwise open
                // at this default even with a value.
                defaultPickerValue={
                  birthdate ? dayjsOfDay(birthdate) : dayjsOfDay(latestBirthdate()).subtract(25, 'year')
                }
                placeholder={t('usersUi.form.birthdate_placeholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="address" label={t('usersUi.form.address')} rules={[rule('address')]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} autoComplete="street-address" />
            </Form.Item>
          </Col>
          {!editing && (
            <>
              <Col xs={24} md={12}>
                <Form.Item
                  name="password"
                  label={t('usersUi.form.password')}
                  extra={<FieldHint name="password">{t('usersUi.form.password_hint')}</FieldHint>}
                  rules={[lazyZodRule(async () => (await schemas()).ZUserCreateRequestSchema.shape.password)]}
                  required
                >
                  <Input.Password dir="ltr" autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="confirm"
                  label={t('usersUi.form.confirm_password')}
                  dependencies={['password']}
                  required
                  rules={confirmPasswordRules('password')}
                >
                  <Input.Password dir="ltr" autoComplete="new-password" />
                </Form.Item>
              </Col>
            </>
          )}
          {editing && (
            <Col xs={24}>
              <Form.Item
                name="reminder_emails"
                label={t('usersUi.form.reminder_emails')}
                extra={t('usersUi.form.reminder_emails_hint')}
                valuePropName="checked"
              >
                <Switch data-testid="user-form-reminder-emails" />
              </Form.Item>
            </Col>
          )}
          {showActive && (
            <Col xs={24}>
              <Form.Item name="active" label={t('usersUi.form.active')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          )}
        </Row>
        <div className="form-actions">
          <SubmitButton pending={submit.pending} testId="user-form-submit">
            {editing ? t('usersUi.form.save') : t('usersUi.form.create')}
          </SubmitButton>
          <Link to={editing ? paths.user(user.id) : listPath}>
            <Button tabIndex={-1}>{t('usersUi.form.cancel')}</Button>
          </Link>
        </div>
      </Form>
    </Panel>
  );
}

import { TOAST_SECONDS } from '@portal/shared/constants';
import type { UserType } from '@portal/shared/enums';
import type { TUser } from '@portal/shared/schemas/auth';
import {
  BIRTHDATE_MIN,
  latestBirthdate,
  ZUserCreateRequestSchema,
  ZUserUpdateRequestSchema,
} from '@portal/shared/schemas/users';
import { normalizePhone } from '@portal/shared/text';
import { Button, Card, Col, DatePicker, Form, Input, Row, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import dayjs from '../../../lib/dayjs';
import { zodRule } from '../../../lib/form-rules';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCreateUser, useUpdateUser, useUploadPhoto } from '../api/users-api';
import { showSaveError } from './form-errors';
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
};

const FIELDS = ['name', 'email', 'phone', 'birthdate', 'address', 'password', 'active'] as const;

/** The birthdate picker offers no day later than one day ago (SPEC §5), nor before 1900. */
export function isBirthdateDisabled(day: Dayjs): boolean {
  const iso = day.format('YYYY-MM-DD');
  return iso > latestBirthdate() || iso < BIRTHDATE_MIN;
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { user: me } = useSession();
  const [form] = Form.useForm<Values>();
  const [photo, setPhoto] = useState<File | null>(null);
  const create = useCreateUser();
  const update = useUpdateUser(user?.id ?? 0);
  const upload = useUploadPhoto();
  const editing = user !== undefined;
  const shape = editing ? ZUserUpdateRequestSchema.shape : ZUserCreateRequestSchema.shape;
  const busy = create.isPending || update.isPending || upload.isPending;
  const showActive = editing && can('users.put') && user.id !== me?.id;
  const listPath = kind === 'admin' ? paths.admins : paths.users;

  const finish = async (saved: TUser) => {
    if (photo) {
      try {
        await upload.mutateAsync({ id: saved.id, file: photo });
      } catch (error) {
        const reason = error instanceof Error && error.message ? `: ${error.message}` : '';
        toast.error(`${t('usersUi.form.photo_failed')}${reason}`, TOAST_SECONDS);
      }
    }
    toast.success(t('messages.success'));
    navigate(editing ? paths.user(saved.id) : listPath);
  };

  const submit = (values: Values) => {
    if (busy) return;
    const common = {
      name: values.name,
      email: values.email,
      phone: values.phone,
      birthdate: values.birthdate ?? null,
      address: values.address ?? null,
    };
    if (editing) {
      const parsed = ZUserUpdateRequestSchema.safeParse(showActive ? { ...common, active: values.active } : common);
      if (!parsed.success) return void toast.error(t('validation.complete_fields'), TOAST_SECONDS);
      update.mutate(parsed.data, {
        onSuccess: (saved) => void finish(saved),
        onError: (error) => showSaveError(form, t, error, FIELDS),
      });
    } else {
      const parsed = ZUserCreateRequestSchema.safeParse({ ...common, password: values.password, type: kind });
      if (!parsed.success) return void toast.error(t('validation.complete_fields'), TOAST_SECONDS);
      create.mutate(parsed.data, {
        onSuccess: (saved) => void finish(saved),
        onError: (error) => showSaveError(form, t, error, FIELDS),
      });
    }
  };

  return (
    <Card className="user-form-card">
      <Form<Values>
        form={form}
        name="user"
        layout="vertical"
        requiredMark
        onFinish={submit}
        onFinishFailed={() => toast.error(t('validation.complete_fields'), TOAST_SECONDS)}
        initialValues={
          user
            ? {
                name: user.name,
                email: user.email ?? '',
                phone: user.phone,
                birthdate: user.birthDate,
                address: user.address ?? '',
                active: user.active,
              }
            : { birthdate: null }
        }
        data-testid="user-form"
      >
        <Form.Item label={t('usersUi.form.photo')}>
          <PhotoPicker current={user} value={photo} onChange={setPhoto} name={user?.name ?? ''} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('usersUi.form.name')} rules={[zodRule(shape.name)]} required>
              <Input autoComplete="name" maxLength={150} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('usersUi.form.email')} rules={[zodRule(shape.email)]} required>
              <Input type="email" dir="ltr" autoComplete="email" inputMode="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="phone"
              label={t('usersUi.form.phone')}
              normalize={(v: string | undefined) => normalizePhone(v ?? '')}
              rules={[zodRule(shape.phone)]}
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
              rules={[zodRule(shape.birthdate)]}
              getValueProps={(value: string | null) => ({ value: value ? dayjs(value) : null })}
              normalize={(day: Dayjs | null) => (day ? day.format('YYYY-MM-DD') : null)}
            >
              <DatePicker
                className="full-width"
                disabledDate={isBirthdateDisabled}
                defaultPickerValue={dayjs(latestBirthdate()).subtract(25, 'year')}
                placeholder={t('usersUi.form.birthdate_placeholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="address" label={t('usersUi.form.address')} rules={[zodRule(shape.address)]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} autoComplete="street-address" />
            </Form.Item>
          </Col>
          {!editing && (
            <>
              <Col xs={24} md={12}>
                <Form.Item
                  name="password"
                  label={t('usersUi.form.password')}
                  extra={t('usersUi.form.password_hint')}
                  rules={[zodRule(ZUserCreateRequestSchema.shape.password)]}
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
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: async (_rule, value: string | undefined) => {
                        if (!value) throw new Error(t('users.validation.confirm_required'));
                        if (value.replace(/\s+/g, '') !== String(getFieldValue('password') ?? '').replace(/\s+/g, '')) {
                          throw new Error(t('users.validation.passwords_mismatch'));
                        }
                      },
                    }),
                  ]}
                >
                  <Input.Password dir="ltr" autoComplete="new-password" />
                </Form.Item>
              </Col>
            </>
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
          <Button type="primary" htmlType="submit" loading={busy} data-testid="user-form-submit">
            {editing ? t('usersUi.form.save') : t('usersUi.form.create')}
          </Button>
          <Link to={editing ? paths.user(user.id) : listPath}>
            <Button tabIndex={-1}>{t('usersUi.form.cancel')}</Button>
          </Link>
        </div>
      </Form>
    </Card>
  );
}

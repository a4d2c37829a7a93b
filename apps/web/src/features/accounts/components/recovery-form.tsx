import { NAME_MAX_LENGTH } from '@portal/shared/constants';
import {
  EXPERIENCE_MAX_LENGTH,
  type TRecoveryAccount,
  type TRecoveryRequest,
  type TRegistrationLookups,
  ZRecoveryRequest,
} from '@portal/shared/schemas/accounts';
import { normalizePhone, stripSpaces } from '@portal/shared/text';
import { Button, Col, Divider, Form, Input, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { typedSearch } from '../../../lib/digits';
import { zodRule } from '../../../lib/form-rules';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useIdempotencyKey, withIdempotencyKey } from '../../../lib/idempotency';
import { toast } from '../../../lib/toast';
import { useSubmitRecovery } from '../api/accounts-api';
import { digitsOnly, showServerFieldErrors } from '../lib/form-helpers';
import { qualificationsOf, specificationsOf, toOptions } from '../lib/lookup-options';
import { ServerErrorAlert } from './server-error-alert';

/** "Other": the university or college is not in the list; its name is typed instead. */
const OTHER = -1;

type Values = {
  ar_name: string;
  en_name: string;
  email: string;
  mobile: string;
  national_id: string;
  university_degree_id?: number;
  university_name?: string;
  organization_degree_id?: number;
  organization_name?: string;
  degree_education_level_id?: number;
  degree_qualification_id?: number;
  degree_specification_id?: number;
  experience?: string;
};

const FIELDS = [
  'ar_name',
  'en_name',
  'email',
  'mobile',
  'national_id',
  'university_degree_id',
  'university_name',
  'organization_degree_id',
  'organization_name',
  'degree_education_level_id',
  'degree_qualification_id',
  'degree_specification_id',
  'experience',
] as const;

const shape = ZRecoveryRequest.shape;

type Props = {
  lookups: TRegistrationLookups;
  /** Data sent before (shown again for editing), or null the first time. */
  account: TRecoveryAccount | null;
  /** First-time defaults from the account: its email, phone and name. */
  defaults: { email: string | null; mobile: string; name: string };
  /** The account's current email, read-only (SPEC §2: shown when the route has no type). */
  oldEmail: string | null;
  onSubmitted: (status: TRecoveryAccount['status']) => void;
};

function initialValues(account: TRecoveryAccount | null, defaults: Props['defaults']): Partial<Values> {
  if (!account) {
    return {
      ar_name: /\p{Script=Arabic}/u.test(defaults.name) ? defaults.name : undefined,
      en_name: /^[A-Za-z ]+$/.test(defaults.name) ? defaults.name : undefined,
      email: defaults.email ?? undefined,
      mobile: defaults.mobile,
    };
  }
  const pick = (id: number | null, name: string | null) => id ?? (name ? OTHER : undefined) ?? undefined;
  return {
    ar_name: account.ar_name,
    en_name: account.en_name,
    email: account.email,
    mobile: account.mobile,
    national_id: account.national_id,
    university_degree_id: pick(account.university_degree_id, account.university_name),
    university_name: account.university_name ?? undefined,
    organization_degree_id: pick(account.organization_degree_id, account.organization_name),
    organization_name: account.organization_name ?? undefined,
    degree_education_level_id: account.degree_education_level_id,
    degree_qualification_id: account.degree_qualification_id,
    degree_specification_id: account.degree_specification_id ?? undefined,
    experience: account.experience ?? undefined,
  };
}

/** The payload of POST /recovery: a listed university/college by id, an unlisted one by name. */
function toRequest(values: Values): unknown {
  const { university_degree_id: uni, organization_degree_id: college, ...rest } = values;
  return {
    ...rest,
    university_degree_id: uni === OTHER ? undefined : uni,
    university_name: uni === OTHER ? values.university_name : undefined,
    organization_degree_id: college === OTHER ? undefined : college,
    organization_name: college === OTHER ? values.organization_name : undefined,
  };
}

/**
 * Recovery data (SPEC §2 /recovery, §3 recovery user, §5): names in Arabic
 * and English, email, mobile, 14-digit national id, education from the
 * registration lookups (qualifications follow the level; the specification
 * is asked only when the qualification offers some), and work history.
 */
export function RecoveryForm({ lookups, account, defaults, oldEmail, onSubmitted }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const submitRecovery = useSubmitRecovery();
  const keys = useIdempotencyKey();
  const initial = useMemo(() => initialValues(account, defaults), [account, defaults]);

  const level = Form.useWatch('degree_education_level_id', form);
  const qualification = Form.useWatch('degree_qualification_id', form);
  const university = Form.useWatch('university_degree_id', form);
  const college = Form.useWatch('organization_degree_id', form);

  const qualifications = useMemo(() => toOptions(qualificationsOf(lookups, level), lang), [lookups, level, lang]);
  const specifications = useMemo(
    () => toOptions(specificationsOf(lookups, qualification), lang),
    [lookups, qualification, lang],
  );
  const withOther = (items: TRegistrationLookups['universities']) => [
    ...toOptions(items, lang),
    { value: OTHER, label: t('accountsUi.recovery.other') },
  ];

  const requiredChoice = (key: string, schema: Parameters<typeof zodRule>[0]): Rule[] => [
    { required: true, message: t(key) },
    zodRule(schema),
  ];
  const requiredName: Rule[] = [{ required: true, whitespace: true, message: t('validation.required') }];

  const submit = (values: Values) => {
    if (submitRecovery.isPending || submitRecovery.isSuccess) return;
    const parsed = ZRecoveryRequest.safeParse(toRequest(values));
    if (!parsed.success) {
      toast.error(t('accountsUi.invalid_data'));
      return;
    }
    const input: TRecoveryRequest = parsed.data;
    // A retry of the same data carries the same idempotency key (lib/idempotency.ts).
    submitRecovery.mutate(withIdempotencyKey(input, keys.keyFor(input)), {
      // The key is kept: the page moves on (the form and its key go with it).
      onSuccess: (saved) => onSubmitted(saved.status),
      onError: (error) => {
        showServerFieldErrors(form, error, FIELDS);
      },
    });
  };

  const select = (placeholder = t('accountsUi.recovery.choose')) => ({
    showSearch: typedSearch(),
    allowClear: true,
    placeholder,
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      onFinishFailed={() => toast.error(t('accountsUi.invalid_data'))}
      requiredMark={false}
      size="large"
      initialValues={initial}
      validateTrigger="onBlur"
      scrollToFirstError={{ block: 'center' }}
      className="recovery-form"
    >
      <ServerErrorAlert error={submitRecovery.error} title={t('accountsUi.invalid_data')} />
      <Divider titlePlacement="start">{t('accountsUi.recovery.personal')}</Divider>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="ar_name" label={t('accountsUi.recovery.ar_name')} rules={[zodRule(shape.ar_name)]}>
            <Input dir="rtl" lang="ar" autoComplete="name" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="en_name" label={t('accountsUi.recovery.en_name')} rules={[zodRule(shape.en_name)]}>
            <Input dir="ltr" lang="en" placeholder={t('accountsUi.recovery.en_name_placeholder')} />
          </Form.Item>
        </Col>
        {oldEmail !== null && (
          <Col xs={24} md={12}>
            <Form.Item label={t('accountsUi.recovery.old_email')} htmlFor="recovery-old-email">
              <Input
                id="recovery-old-email"
                value={oldEmail}
                readOnly
                variant="filled"
                dir="ltr"
                data-testid="old-email"
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('accountsUi.recovery.email')}
            extra={t('accountsUi.recovery.email_hint')}
            normalize={(v: string | undefined) => stripSpaces(v ?? '')}
            rules={[zodRule(shape.email)]}
          >
            <Input inputMode="email" autoComplete="email" dir="ltr" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="mobile"
            label={t('accountsUi.fields.mobile')}
            // Normalized as typed or pasted (spaces, dashes, +20, Arabic digits), never cut by a maxLength.
            normalize={(v: string | undefined) => normalizePhone(v ?? '')}
            rules={[zodRule(shape.mobile)]}
          >
            <Input inputMode="tel" autoComplete="tel" dir="ltr" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="national_id"
            label={t('accountsUi.recovery.national_id')}
            normalize={(v: string | undefined) => digitsOnly(v)}
            rules={[zodRule(shape.national_id)]}
          >
            <Input inputMode="numeric" dir="ltr" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('accountsUi.recovery.education')}</Divider>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="university_degree_id" label={t('accountsUi.recovery.university')}>
            <Select {...select()} options={withOther(lookups.universities)} />
          </Form.Item>
          {university === OTHER && (
            <Form.Item name="university_name" label={t('accountsUi.recovery.university_name')} rules={requiredName}>
              <Input maxLength={NAME_MAX_LENGTH} />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="organization_degree_id" label={t('accountsUi.recovery.college')}>
            <Select {...select()} options={withOther(lookups.collages)} />
          </Form.Item>
          {college === OTHER && (
            <Form.Item name="organization_name" label={t('accountsUi.recovery.college_name')} rules={requiredName}>
              <Input maxLength={NAME_MAX_LENGTH} />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="degree_education_level_id"
            label={t('accountsUi.recovery.level')}
            rules={requiredChoice('accounts.validation.level_required', shape.degree_education_level_id)}
            validateFirst
          >
            <Select
              {...select()}
              options={toOptions(lookups.levels, lang)}
              onChange={() =>
                form.setFieldsValue({ degree_qualification_id: undefined, degree_specification_id: undefined })
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="degree_qualification_id"
            label={t('accountsUi.recovery.qualification')}
            rules={requiredChoice('accounts.validation.qualification_required', shape.degree_qualification_id)}
            validateFirst
          >
            <Select
              {...select(level === undefined ? t('accountsUi.recovery.qualification_pick_level') : undefined)}
              disabled={level === undefined}
              options={qualifications}
              onChange={() => form.setFieldsValue({ degree_specification_id: undefined })}
            />
          </Form.Item>
        </Col>
        {specifications.length > 0 && (
          <Col xs={24} md={12}>
            <Form.Item
              name="degree_specification_id"
              label={t('accountsUi.recovery.specification')}
              rules={[{ required: true, message: t('accounts.validation.specification_required') }]}
            >
              <Select {...select()} options={specifications} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item name="experience" label={t('accountsUi.recovery.experience')} rules={[zodRule(shape.experience)]}>
            <Input.TextArea
              rows={4}
              maxLength={EXPERIENCE_MAX_LENGTH}
              showCount={{
                formatter: ({ count, maxLength }) =>
                  `${formatNumber(count, lang)} / ${formatNumber(maxLength ?? EXPERIENCE_MAX_LENGTH, lang)}`,
              }}
              placeholder={t('accountsUi.recovery.experience_placeholder')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={submitRecovery.isPending || submitRecovery.isSuccess}
        disabled={submitRecovery.isPending || submitRecovery.isSuccess}
        data-testid="recovery-submit"
      >
        {t('accountsUi.recovery.submit')}
      </Button>
    </Form>
  );
}

import { ASSOCIATION_START_MIN, latestAssociationStart } from '@portal/shared/associations-rules';
import { ASSOCIATION_COSTS, ASSOCIATION_DURATION_DAYS } from '@portal/shared/constants';
import type { AssociationType, TAssociation } from '@portal/shared/schemas/associations';
import { Alert, Button, Form, type FormInstance, Input, Radio } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyDatePicker } from '../../../components/forms/lazy-date-picker';
import { SubmitButton } from '../../../components/forms/submit-button';
import { Panel } from '../../../components/layout/panel';
import { paths } from '../../../config/paths';
import { addDays, dayjsOfDay, dayOfDayjs } from '../../../lib/clock';
import { datePickerFormat } from '../../../lib/dayjs';
import { formatDate, formatMoney } from '../../../lib/format';
import { toastCompleteFields, useFormSubmit, useSchemas } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCreateAssociation, useUpdateAssociation } from '../api/associations-api';
import './associations.css';

type Values = {
  title: string;
  cost: number | undefined;
  association_type: AssociationType;
  from_date: string | null;
};

const FIELDS = ['title', 'cost', 'association_type', 'from_date'] as const;
type Field = (typeof FIELDS)[number];
const TYPES: readonly AssociationType[] = ['normal', 'vip'];

type Schemas = typeof import('@portal/shared/schemas/associations');
const loadSchemas = () => import('@portal/shared/schemas/associations');

/**
 * A field's rule: the whole shared schema (it reads both spellings of SPEC §7) run over the form's
 * values, reporting this field's issue, so the form refuses exactly what the server refuses. The
 * schema (and zod) download when the form opens, outside the route's first load (DESIGN §5).
 */
function fieldRule(form: FormInstance<Values>, schemas: () => Promise<Schemas>, field: Field): Rule {
  return {
    validator: async () => {
      const { ZAssociationCreateRequest } = await schemas();
      const result = ZAssociationCreateRequest.safeParse(form.getFieldsValue(true));
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(i18next.t(issue.message));
    },
  };
}

/** The days the shared schema accepts as a start (2000 to five years ahead), greyed out in the picker. */
export function isStartDateDisabled(day: Dayjs): boolean {
  const value = dayOfDayjs(day);
  return value < ASSOCIATION_START_MIN || value > latestAssociationStart();
}

/** to_date as the server computes it (from_date + 1200 days, calendar arithmetic with no time zone). */
export function endDateOf(fromDate: string | null | undefined): string | null {
  return fromDate ? addDays(fromDate, ASSOCIATION_DURATION_DAYS) : null;
}

/**
 * Create and edit an association (SPEC §5): title, cost from the six of SPEC §9, type, start
 * date; the end date is shown as it is computed (never sent). Once a member holds a day the
 * cost, type and start date are locked (the server refuses a change); the title stays editable.
 */
export function AssociationForm({ association }: { association?: TAssociation }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const schemas = useSchemas(loadSchemas);
  const rule = (field: Field) => fieldRule(form, schemas, field);
  const editing = association !== undefined;
  const locked = association?.locked ?? false;
  const create = useCreateAssociation();
  const update = useUpdateAssociation(association?.id ?? 0);
  const fromDate = Form.useWatch('from_date', form) ?? association?.from_date ?? null;
  const toDate = endDateOf(fromDate);

  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent, leave) => {
      const { ZAssociationCreateRequest } = await schemas();
      const parsed = ZAssociationCreateRequest.safeParse(values);
      if (!parsed.success) return toastCompleteFields();
      const saved = editing
        ? await update.mutateAsync(idempotent(parsed.data, association.id))
        : await create.mutateAsync(idempotent(parsed.data));
      toast.success(t(editing ? 'associations.messages.updated' : 'associations.messages.created'));
      leave(paths.association(saved.id));
    },
    { fields: FIELDS },
  );

  return (
    <Panel testId="association-form-panel">
      <Form<Values>
        form={form}
        name="association"
        layout="vertical"
        requiredMark
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
        initialValues={
          association
            ? {
                title: association.title,
                cost: association.cost,
                association_type: association.association_type,
                from_date: association.from_date,
              }
            : { title: '', cost: undefined, association_type: 'normal', from_date: null }
        }
        data-testid="association-form"
      >
        {locked && (
          <Alert
            className="form-alert"
            type="info"
            showIcon
            title={t('associationsUi.form.locked')}
            data-testid="association-locked"
          />
        )}
        <Form.Item name="title" label={t('associationsUi.form.title')} rules={[rule('title')]} required>
          <Input maxLength={150} autoComplete="off" />
        </Form.Item>
        <Form.Item name="cost" label={t('associationsUi.form.cost')} rules={[rule('cost')]} required>
          <Radio.Group optionType="button" buttonStyle="solid" disabled={locked} className="cost-options">
            {ASSOCIATION_COSTS.map((cost) => (
              <Radio.Button key={cost} value={cost}>
                {formatMoney(cost, lang)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="association_type"
          label={t('associationsUi.form.type')}
          rules={[rule('association_type')]}
          required
        >
          <Radio.Group disabled={locked}>
            {TYPES.map((type) => (
              <Radio key={type} value={type}>
                {t(`associations.labels.${type}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <div className="association-dates">
          <Form.Item
            name="from_date"
            label={t('associationsUi.form.from_date')}
            rules={[rule('from_date')]}
            required
            getValueProps={(value: string | null) => ({ value: value ? dayjsOfDay(value) : null })}
            normalize={(day: Dayjs | null) => (day ? dayOfDayjs(day) : null)}
          >
            <LazyDatePicker
              className="full-width"
              disabled={locked}
              disabledDate={isStartDateDisabled}
              format={datePickerFormat(i18n.language === 'en' ? 'en' : 'ar')}
              placeholder={t('associationsUi.form.from_date_placeholder')}
            />
          </Form.Item>
          <Form.Item
            label={t('associationsUi.form.to_date')}
            htmlFor="association_to_date"
            extra={t('associationsUi.form.to_date_hint')}
          >
            <Input
              id="association_to_date"
              readOnly
              variant="filled"
              value={toDate ? formatDate(toDate, lang) : ''}
              placeholder={t('associationsUi.form.to_date_empty')}
              data-testid="association-to-date"
              data-value={toDate ?? ''}
            />
          </Form.Item>
        </div>
        <div className="form-actions">
          <SubmitButton pending={submit.pending} testId="association-form-submit">
            {editing ? t('associationsUi.form.save') : t('associationsUi.form.create')}
          </SubmitButton>
          <Link to={editing ? paths.association(association.id) : paths.associations}>
            <Button tabIndex={-1}>{t('associationsUi.form.cancel')}</Button>
          </Link>
        </div>
      </Form>
    </Panel>
  );
}

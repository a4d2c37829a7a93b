import { CheckOutlined, LinkOutlined, SaveOutlined } from '@ant-design/icons';
import type { TCustomerRequestDetail, TRequestSaveResult } from '@portal/shared/schemas/customer-requests-api';
import { type RequestStatus, showsNextInForm } from '@portal/shared/schemas/customer-requests-policy';
import {
  allowedDurations,
  allowedOrganizationTypes,
  isCompany,
  listTitle,
  MAIN_DOCUMENTS,
  type MainDocument,
  needsTaxNumber,
  REPRESENTATIVE_TYPES,
  type RepresentativeType,
  requiredDocuments,
} from '@portal/shared/schemas/customer-requests-rules';
import { IDENTITY_TYPE_IDS } from '@portal/shared/schemas/request-ids';
import { Alert, Button, Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivationRequired } from '../../../components/feedback/activation-required';
import { PageLoader } from '../../../components/feedback/page-loader';
import { LazyDatePicker } from '../../../components/forms/lazy-date-picker';
import { NativeSelect } from '../../../components/forms/native-select';
import { Panel } from '../../../components/layout/panel';
import { paths } from '../../../config/paths';
import { needsActivation } from '../../../lib/account-state';
import { ApiError, apiUpload } from '../../../lib/api-client';
import { useClientSettings } from '../../../lib/client-settings';
import { dayjsOfDay, dayOfDayjs, today, todayDayjs } from '../../../lib/clock';
import { useSchemas } from '../../../lib/forms';
import { useLeaveAfterSave } from '../../../lib/leave';
import { useSession } from '../../../lib/session';
import { toast, toastApiError } from '../../../lib/toast';
import { useInvalidateCustomerRequests, useRequestLookups } from '../api/lookups-api';
import { useRequestAction } from '../api/request-detail-api';
import { lookupName } from './request-status';
import './customer-requests.css';

/** The server's refusal to submit for a customer whose email is not activated (DESIGN §2 Accounts). */
const UNVERIFIED = 'requests.errors.email_unverified';

// The documents' pickers (antd Upload and Progress, 15 KB gzip) arrive just after the form (DESIGN §5);
// meanwhile the light loader, not antd's Skeleton (3 KB of the route's budget, docs/decisions/0033).
const RequestFormDocuments = lazy(async () => ({
  default: (await import('./request-form-documents')).RequestFormDocuments,
}));

export type Values = {
  name?: string;
  email?: string;
  mobile?: string;
  address?: string;
  identity_type_id?: number;
  identity_value?: string;
  identity_passport_value?: string;
  identity_expiration_date?: Dayjs | null;
  service_id?: number;
  service_duration_id?: number;
  organization_type_id?: number;
  tax_registration_number?: string;
  Representative_type?: RepresentativeType;
  nationality?: number;
  branch?: number;
  renewal?: number;
} & Partial<Record<MainDocument | 'signedContract' | 'investment', File | null>>;

const TEXT_FIELDS = [
  'name',
  'email',
  'mobile',
  'address',
  'identity_type_id',
  'identity_value',
  'identity_passport_value',
  'service_id',
  'service_duration_id',
  'organization_type_id',
  'tax_registration_number',
  'Representative_type',
  'nationality',
  'branch',
  'renewal',
] as const;

/** The text fields as the multipart body carries them (every value a string; an empty one is absent). */
function textOf(values: Values): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of TEXT_FIELDS) {
    const value = values[name];
    if (value !== undefined && value !== null && String(value).trim() !== '') out[name] = String(value).trim();
  }
  if (values.identity_expiration_date) out.identity_expiration_date = dayOfDayjs(values.identity_expiration_date);
  return out;
}

function initialValues(
  request: TCustomerRequestDetail | undefined,
  user: ReturnType<typeof useSession>['user'],
): Values {
  if (!request) {
    return {
      name: user?.name ?? '',
      email: user?.email ?? '',
      mobile: user?.phone ?? '',
      address: user?.address ?? '',
      identity_type_id: IDENTITY_TYPE_IDS.nationalId,
      renewal: 1,
    };
  }
  const passport = request.identity_type.id === IDENTITY_TYPE_IDS.passport;
  return {
    name: request.name,
    email: request.email,
    mobile: request.mobile,
    address: request.address,
    identity_type_id: request.identity_type.id,
    identity_value: passport ? undefined : request.identity_value,
    identity_passport_value: passport ? (request.identity_passport_value ?? undefined) : undefined,
    identity_expiration_date: request.identity_expiration_date ? dayjsOfDay(request.identity_expiration_date) : null,
    service_id: request.service.id,
    service_duration_id: request.service_duration.id,
    organization_type_id: request.organization_type.id,
    tax_registration_number: request.tax_registration_number ?? undefined,
    Representative_type: (request.Representative_type as RepresentativeType | null) ?? undefined,
    nationality: request.nationality ?? undefined,
    branch: request.branch?.id,
    renewal: request.renewal,
  };
}

/**
 * The service request form, create and edit (SPEC §2, §3, §5): applicant, identity, service with
 * the durations and organization types it allows, the company's tax number and representative,
 * and the documents the choices require. It checks itself with the server's own schema
 * (customerRequestFormSchema, packages/shared) before sending, then sends one multipart body
 * with a progress bar; a refused save lists the server's reasons above the form.
 */
export function RequestForm({ request }: { request?: TCustomerRequestDetail }) {
  const { t } = useTranslation();
  // After a save the request's page opens; until it has, the form stays busy (lib/leave.ts).
  const away = useLeaveAfterSave();
  const { user } = useSession();
  const lookups = useRequestLookups();
  // The document folder and contracts page (settings, SPEC §2): shown on create, when set.
  const links = useClientSettings().data;
  const invalidate = useInvalidateCustomerRequests();
  const action = useRequestAction(request?.id ?? 0);
  const [form] = Form.useForm<Values>();
  // The schema (with zod) downloads when the form opens, not with the route (DESIGN §5).
  const schemas = useSchemas(() => import('@portal/shared/schemas/customer-requests'));
  const [additional, setAdditional] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  // Submitting needs an activated email (saving a draft does not): the server's 403 in its words,
  // or the session already knows — said above the form with the way to activate, as joining does.
  const [refusal, setRefusal] = useState<string | null>(null);
  const unverified = refusal ?? (needsActivation(user) ? t(UNVERIFIED) : null);

  const identityType = Form.useWatch('identity_type_id', form);
  const serviceId = Form.useWatch('service_id', form);
  const organizationTypeId = Form.useWatch('organization_type_id', form);
  const representativeType = Form.useWatch('Representative_type', form);
  const company = isCompany(organizationTypeId);
  const required = new Set<string>(requiredDocuments(organizationTypeId, representativeType));
  const stored = new Map((request?.files.main_files ?? []).map((f) => [f.content_type, f.document]));
  const status = request?.request_status_type.id as RequestStatus | undefined;
  const offersNext = status !== undefined && showsNextInForm(status) && (request?.actions ?? []).includes('next');

  const durations = allowedDurations(serviceId, lookups.data?.services_durations ?? []);
  const organizationTypes = allowedOrganizationTypes(serviceId, lookups.data?.organizations_types ?? []);
  const shownDocuments = MAIN_DOCUMENTS.filter((d) => d === 'identity_copy' || company);

  /** Checks with the shared schema; the problems go under their fields. True when the form may be sent. */
  const check = async (values: Values): Promise<boolean> => {
    const documents = new Set<string>([...stored.keys()]);
    for (const d of MAIN_DOCUMENTS) if (values[d]) documents.add(d);
    const { customerRequestFormSchema } = await schemas();
    const parsed = customerRequestFormSchema({ today: today(), documents }).safeParse(textOf(values));
    form.setFields(
      [...TEXT_FIELDS, 'identity_expiration_date', ...MAIN_DOCUMENTS].map((name) => ({
        name: name as keyof Values,
        errors: parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === name).map((i) => t(i.message)),
      })),
    );
    setInvalid(!parsed.success);
    return parsed.success;
  };

  const save = async (submitAfter: boolean) => {
    if (pending || away.isLeaving()) return;
    const values = form.getFieldsValue(true) as Values;
    setServerErrors([]);
    if (!(await check(values))) return;
    const body = new FormData();
    for (const [name, value] of Object.entries(textOf(values))) body.append(name, value);
    for (const document of [...MAIN_DOCUMENTS, 'signedContract', 'investment'] as const) {
      const file = values[document];
      if (file) body.append(document, file, file.name);
    }
    for (const [index, file] of additional.entries()) body.append(`additionalFile[${index}]`, file, file.name);
    setPending(true);
    setProgress(0);
    try {
      const path = request ? `/customers_requests/save/${request.id}` : '/customers_requests/save';
      const saved = await apiUpload<TRequestSaveResult>(path, body, setProgress);
      for (const problem of saved.errors) {
        toast.error(`${listTitle(problem.file_name)}: ${t(problem.message)}`);
      }
      if (submitAfter && request) {
        await action.mutateAsync({ input: { type: 'next' }, expected: request.request_status_type.id });
        toast.success(t('requestsForm.submitted'));
      } else {
        toast.success(t(request ? 'requests.messages.saved' : 'requests.messages.created'));
      }
      invalidate(saved.id);
      away.leave(paths.serviceRequest(saved.id));
    } catch (error) {
      if (error instanceof ApiError && error.code === UNVERIFIED) {
        setRefusal(error.message);
      } else if (error instanceof ApiError && !error.isNetwork && error.errors.length > 0) {
        setServerErrors(error.errors.map((e) => e.title));
        form.setFields(
          error.errors.filter((e) => e.field).map((e) => ({ name: e.field as keyof Values, errors: [e.title] })),
        );
      } else if (error instanceof ApiError && !error.isNetwork) {
        setServerErrors([error.message]);
      } else {
        toastApiError(error);
      }
    } finally {
      setPending(false);
      setProgress(null);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="request-form"
      initialValues={initialValues(request, user)}
      onFinish={() => void save(false)}
      onValuesChange={(changed: Partial<Values>) => {
        // A new service allows other durations and organization types: both are chosen again.
        if ('service_id' in changed) {
          form.setFieldsValue({ service_duration_id: undefined, organization_type_id: undefined });
        }
      }}
      scrollToFirstError
    >
      {unverified && <ActivationRequired message={unverified} testId="request-unverified" />}
      {invalid && (
        <Alert
          type="error"
          showIcon
          title={t('requests.error')}
          description={t('requests.complete_data')}
          className="request-form-alert"
          role="alert"
        />
      )}
      {serverErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('requests.error')}
          description={
            <ul className="request-form-errors">
              {serverErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
          className="request-form-alert"
          role="alert"
          data-testid="request-server-errors"
        />
      )}
      {!request && (links?.request_documents_url || links?.request_contracts_url) && (
        <div className="request-form-links">
          {links.request_documents_url && (
            <a href={links.request_documents_url} target="_blank" rel="noopener noreferrer">
              <LinkOutlined aria-hidden="true" /> {t('requestsForm.documents_link')}
            </a>
          )}
          {links.request_contracts_url && (
            <a href={links.request_contracts_url} target="_blank" rel="noopener noreferrer">
              <LinkOutlined aria-hidden="true" /> {t('requestsForm.contracts_link')}
            </a>
          )}
        </div>
      )}
      <div className="request-form-grid">
        <Panel title={t('requestsDetail.sections.applicant')}>
          <Form.Item name="name" label={t('requestsDetail.fields.name')} required>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item name="email" label={t('requestsDetail.fields.email')} required>
            <Input type="email" dir="ltr" autoComplete="email" />
          </Form.Item>
          <Form.Item name="mobile" label={t('requestsDetail.fields.mobile')} required>
            <Input inputMode="numeric" dir="ltr" maxLength={12} autoComplete="tel" />
          </Form.Item>
          <Form.Item name="address" label={t('requestsDetail.fields.address')} required>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="identity_type_id" label={t('requestsForm.identity_type')} required>
            <Radio.Group
              options={(lookups.data?.identities_types ?? []).map((i) => ({ value: i.id, label: lookupName(i) }))}
            />
          </Form.Item>
          {identityType === IDENTITY_TYPE_IDS.passport ? (
            <Form.Item name="identity_passport_value" label={t('requestsDetail.fields.passport')} required>
              <Input dir="ltr" />
            </Form.Item>
          ) : (
            <Form.Item name="identity_value" label={t('requestsDetail.fields.national_id')} required>
              <Input inputMode="numeric" dir="ltr" maxLength={14} />
            </Form.Item>
          )}
          <Form.Item
            name="identity_expiration_date"
            label={t('requestsDetail.fields.identity_expiration_date')}
            required
          >
            <LazyDatePicker
              className="full-width"
              disabledDate={(day) => day.isBefore(todayDayjs(), 'day')}
              onKeyDown={(event) => {
                // Enter picks the typed day; it must not also send the form.
                if (event.key === 'Enter') event.preventDefault();
              }}
            />
          </Form.Item>
          <Form.Item name="nationality" label={t('requestsForm.nationality')}>
            <NativeSelect
              options={(lookups.data?.countries ?? []).map((c) => ({
                value: c.id,
                label: lookupName({ name: c.nationality, name_local: c.nationality_local }),
              }))}
            />
          </Form.Item>
        </Panel>
        <Panel title={t('requestsDetail.sections.service')}>
          <Form.Item name="service_id" label={t('requestsDetail.fields.service')} required>
            <NativeSelect
              options={(lookups.data?.services ?? []).map((s) => ({ value: s.id, label: lookupName(s) }))}
            />
          </Form.Item>
          <Form.Item name="service_duration_id" label={t('requestsDetail.fields.duration')} required>
            <NativeSelect
              disabled={!serviceId}
              options={durations.map((d) => ({ value: d.id, label: lookupName(d) }))}
              placeholder={serviceId ? undefined : t('requestsForm.choose_service_first')}
            />
          </Form.Item>
          <Form.Item name="organization_type_id" label={t('requestsDetail.fields.organization_type')} required>
            <NativeSelect
              disabled={!serviceId}
              options={organizationTypes.map((o) => ({ value: o.id, label: lookupName(o) }))}
              placeholder={serviceId ? undefined : t('requestsForm.choose_service_first')}
            />
          </Form.Item>
          {needsTaxNumber(serviceId) && (
            <Form.Item
              name="tax_registration_number"
              label={t('requestsDetail.fields.tax_registration_number')}
              required={company}
            >
              <Input inputMode="numeric" dir="ltr" maxLength={12} />
            </Form.Item>
          )}
          {company && (
            <Form.Item name="Representative_type" label={t('requestsDetail.fields.representative_type')} required>
              <NativeSelect
                options={REPRESENTATIVE_TYPES.map((r) => ({
                  value: r,
                  label: t(`requestsDetail.representative_types.${r}`),
                }))}
              />
            </Form.Item>
          )}
          <Form.Item name="branch" label={t('requestsDetail.fields.branch')}>
            <NativeSelect
              options={(lookups.data?.branches ?? []).map((b) => ({ value: b.id, label: lookupName(b) }))}
            />
          </Form.Item>
          <Form.Item name="renewal" label={t('requestsDetail.fields.renewal')}>
            <Radio.Group
              options={[
                { value: 1, label: t('requestsDetail.first_time') },
                { value: 2, label: t('requestsDetail.renewal') },
              ]}
            />
          </Form.Item>
        </Panel>
      </div>
      <Suspense fallback={<PageLoader />}>
        <RequestFormDocuments
          request={request}
          shown={shownDocuments}
          required={required}
          additional={additional}
          onAdd={(file) => setAdditional((list) => [...list, file])}
        />
      </Suspense>
      {progress !== null && (
        <div className="request-upload-progress">
          <progress
            value={progress}
            max={100}
            aria-label={t('files.upload_progress')}
            data-testid="request-upload-progress"
          />
          <span>{t('files.uploading', { percent: `${progress}%` })}</span>
        </div>
      )}
      <div className="request-form-actions">
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined aria-hidden="true" />}
          loading={pending || away.leaving}
        >
          {t(request ? 'requestsForm.save' : 'requestsForm.create')}
        </Button>
        {offersNext && (
          <Button
            icon={<CheckOutlined aria-hidden="true" />}
            onClick={() => void save(true)}
            disabled={pending || away.leaving || unverified !== null}
          >
            {t('requestsForm.save_and_submit')}
          </Button>
        )}
      </div>
    </Form>
  );
}

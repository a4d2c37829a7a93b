import { CheckCircleOutlined, DeleteOutlined } from '@ant-design/icons';
import { RECOVERY_STATUSES, type RecoveryStatus, type TRecoveryAccount } from '@portal/shared/schemas/accounts';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { useCan } from '../../../lib/authorization';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { toast, toastApiError } from '../../../lib/toast';
import {
  fetchRecoveryAccounts,
  RECOVERY_LIST_KEY,
  useDeleteRecovery,
  useRegistrationLookups,
  useVerifyRecovery,
} from '../api/recovery-review-api';

const STATUS_COLORS: Record<RecoveryStatus, string> = {
  pending_activation: 'default',
  pending_review: 'processing',
  verified: 'success',
};

const FILTERS: FilterDef[] = [
  {
    kind: 'select',
    name: 'status',
    label: 'recoveryReview.filters.status',
    options: RECOVERY_STATUSES.map((s) => ({ value: s, label: `recoveryReview.statuses.${s}` })),
  },
];

type Lookup = { id: number; name: string; name_local: string };

/**
 * Staff review of recovery accounts (docs/decisions/0005): verify one waiting
 * for review (users.put) or refuse its data (users.delete), each after a
 * confirmation, then a success or error toast and a fresh list. Buttons are
 * shown only to holders; the server checks again.
 */
export function RecoveryAccountsTable() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const can = useCan();
  const verify = useVerifyRecovery();
  const remove = useDeleteRecovery();
  const lookups = useRegistrationLookups();
  const canVerify = can('users.put');
  const canDelete = can('users.delete');

  const nameOf = (list: Lookup[] | undefined, id: number | null, temporary?: string | null) => {
    if (id == null) return temporary || '—';
    const found = list?.find((l) => l.id === id);
    if (!found) return t('recoveryReview.details.lookup_id', { id });
    return lang === 'ar' ? found.name_local : found.name;
  };

  const success = () => toast.success(t('messages.success'));

  const columns: DataColumn<TRecoveryAccount>[] = [
    { key: 'id', title: '#', dataIndex: 'id', width: 70 },
    { key: 'ar_name', title: t('recoveryReview.columns.ar_name'), dataIndex: 'ar_name' },
    {
      key: 'en_name',
      title: t('recoveryReview.columns.en_name'),
      render: (_, row) => <bdi dir="ltr">{row.en_name}</bdi>,
    },
    {
      key: 'email',
      title: t('recoveryReview.columns.email'),
      render: (_, row) => <bdi dir="ltr">{row.email}</bdi>,
    },
    {
      key: 'mobile',
      title: t('recoveryReview.columns.mobile'),
      render: (_, row) => <bdi dir="ltr">{row.mobile}</bdi>,
    },
    {
      key: 'national_id',
      title: t('recoveryReview.columns.national_id'),
      render: (_, row) => (
        <bdi dir="ltr" className="mono">
          {row.national_id}
        </bdi>
      ),
    },
    {
      key: 'status',
      title: t('recoveryReview.columns.status'),
      render: (_, row) => (
        <Tag color={STATUS_COLORS[row.status]} data-testid={`recovery-status-${row.id}`}>
          {t(`recoveryReview.statuses.${row.status}`)}
        </Tag>
      ),
    },
    {
      key: 'submitted_at',
      title: t('recoveryReview.columns.submitted_at'),
      render: (_, row) => formatDate(row.submitted_at, lang),
    },
  ];
  if (canVerify || canDelete) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <Space size={4} wrap={false}>
          {canVerify && row.status === 'pending_review' && (
            <Popconfirm
              title={t('recoveryReview.verify_confirm_title')}
              description={t('recoveryReview.verify_confirm', { name: row.ar_name })}
              okText={t('recoveryReview.verify_yes')}
              cancelText={t('recoveryReview.confirm_no')}
              okButtonProps={{ loading: verify.isPending }}
              onConfirm={() => {
                if (!verify.isPending) verify.mutate(row.id, { onSuccess: success, onError: toastApiError });
              }}
            >
              <Button
                size="small"
                type="primary"
                icon={<CheckCircleOutlined />}
                aria-label={t('recoveryReview.verify_label', { name: row.ar_name })}
                data-testid={`recovery-verify-${row.id}`}
              >
                {t('recoveryReview.verify')}
              </Button>
            </Popconfirm>
          )}
          {canDelete && row.status !== 'verified' && (
            <Popconfirm
              title={t('recoveryReview.delete_confirm_title')}
              description={t('recoveryReview.delete_confirm', { name: row.ar_name })}
              okText={t('recoveryReview.delete_yes')}
              cancelText={t('recoveryReview.confirm_no')}
              okButtonProps={{ danger: true, loading: remove.isPending }}
              onConfirm={() => {
                if (!remove.isPending) remove.mutate(row.id, { onSuccess: success, onError: toastApiError });
              }}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('recoveryReview.delete_label', { name: row.ar_name })}
                data-testid={`recovery-delete-${row.id}`}
              >
                {t('recoveryReview.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  const data = lookups.data;
  return (
    <DataTable<TRecoveryAccount>
      searchable={false}
      queryKey={RECOVERY_LIST_KEY}
      fetchPage={fetchRecoveryAccounts}
      columns={columns}
      rowKey={(row) => row.id}
      filters={FILTERS}
      caption="recoveryReview.title"
      expandedRow={(row) => (
        <dl className="inline-details">
          <dt>{t('recoveryReview.details.user_id')}</dt>
          <dd>{row.user_id}</dd>
          <dt>{t('recoveryReview.details.old_email')}</dt>
          <dd>
            <bdi dir="ltr">{row.old_email ?? '—'}</bdi>
          </dd>
          <dt>{t('recoveryReview.details.university')}</dt>
          <dd>{nameOf(data?.universities, row.university_degree_id, row.university_name)}</dd>
          <dt>{t('recoveryReview.details.college')}</dt>
          <dd>{nameOf(data?.collages, row.organization_degree_id, row.organization_name)}</dd>
          <dt>{t('recoveryReview.details.level')}</dt>
          <dd>{nameOf(data?.levels, row.degree_education_level_id)}</dd>
          <dt>{t('recoveryReview.details.qualification')}</dt>
          <dd>{nameOf(data?.qualifications, row.degree_qualification_id)}</dd>
          <dt>{t('recoveryReview.details.specification')}</dt>
          <dd>{nameOf(data?.specifications, row.degree_specification_id)}</dd>
          <dt>{t('recoveryReview.details.experience')}</dt>
          <dd style={{ whiteSpace: 'pre-wrap' }}>{row.experience || '—'}</dd>
          <dt>{t('recoveryReview.details.verified_at')}</dt>
          <dd>{row.verified_at ? formatDateTime(row.verified_at, lang) : '—'}</dd>
        </dl>
      )}
    />
  );
}

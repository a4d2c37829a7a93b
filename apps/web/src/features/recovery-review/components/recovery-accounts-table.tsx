import { CheckCircleOutlined, DeleteOutlined } from '@ant-design/icons';
import { RECOVERY_STATUSES, type RecoveryStatus } from '@portal/shared/constants';
import type { TRecoveryAccount } from '@portal/shared/schemas/accounts';
import { useTranslation } from 'react-i18next';
import { type BadgeColor, dateColumn, EmailText, idColumn, statusColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { ConfirmAction, RowActions } from '../../../components/data-table/row-actions';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { useCan } from '../../../lib/authorization';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { recoveryReviewKeys } from '../api/keys';
import {
  fetchRecoveryAccounts,
  useDeleteRecovery,
  useRegistrationLookups,
  useVerifyRecovery,
} from '../api/recovery-review-api';

const STATUS_COLORS: Record<RecoveryStatus, BadgeColor> = {
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

  const columns: DataColumn<TRecoveryAccount>[] = [
    idColumn({ width: 70, sortKey: undefined }),
    { key: 'ar_name', title: t('recoveryReview.columns.ar_name'), dataIndex: 'ar_name', card: 'title' },
    {
      key: 'en_name',
      title: t('recoveryReview.columns.en_name'),
      render: (_, row) => <bdi dir="ltr">{row.en_name}</bdi>,
    },
    {
      key: 'email',
      title: t('recoveryReview.columns.email'),
      render: (_, row) => <EmailText email={row.email} />,
    },
    {
      key: 'mobile',
      title: t('recoveryReview.columns.mobile'),
      nowrap: true,
      render: (_, row) => <bdi dir="ltr">{row.mobile}</bdi>,
    },
    {
      key: 'national_id',
      title: t('recoveryReview.columns.national_id'),
      nowrap: true,
      render: (_, row) => (
        <bdi dir="ltr" className="mono">
          {row.national_id}
        </bdi>
      ),
    },
    statusColumn({
      key: 'status',
      title: t('recoveryReview.columns.status'),
      value: (row) => row.status,
      colors: STATUS_COLORS,
      label: (status) => `recoveryReview.statuses.${status}`,
      testId: (row) => `recovery-status-${row.id}`,
    }),
    dateColumn({
      key: 'submitted_at',
      title: t('recoveryReview.columns.submitted_at'),
      value: (row) => row.submitted_at,
    }),
  ];
  if (canVerify || canDelete) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      // Errors are toasted by the query client's default (the server's message).
      render: (_, row) => (
        <RowActions>
          {canVerify && row.status === 'pending_review' && (
            <ConfirmAction
              primary
              icon={<CheckCircleOutlined />}
              text={t('recoveryReview.verify')}
              label={t('recoveryReview.verify_label', { name: row.ar_name })}
              testId={`recovery-verify-${row.id}`}
              confirm={{
                title: t('recoveryReview.verify_confirm_title'),
                description: t('recoveryReview.verify_confirm', { name: row.ar_name }),
                ok: t('recoveryReview.verify_yes'),
                cancel: t('recoveryReview.confirm_no'),
              }}
              run={() => verify.mutateAsync(row.id)}
              success={t('messages.success')}
            />
          )}
          {canDelete && row.status !== 'verified' && (
            <ConfirmAction
              danger
              icon={<DeleteOutlined />}
              text={t('recoveryReview.delete')}
              label={t('recoveryReview.delete_label', { name: row.ar_name })}
              testId={`recovery-delete-${row.id}`}
              confirm={{
                title: t('recoveryReview.delete_confirm_title'),
                description: t('recoveryReview.delete_confirm', { name: row.ar_name }),
                ok: t('recoveryReview.delete_yes'),
                cancel: t('recoveryReview.confirm_no'),
              }}
              run={() => remove.mutateAsync(row.id)}
              success={t('messages.success')}
            />
          )}
        </RowActions>
      ),
    });
  }

  const data = lookups.data;
  return (
    <DataTable<TRecoveryAccount>
      searchable={false}
      queryKey={recoveryReviewKeys.lists()}
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

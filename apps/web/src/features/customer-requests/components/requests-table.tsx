import { EyeOutlined, PlusOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import type { RequestListScope, TCustomerRequest } from '@portal/shared/schemas/customer-requests-api';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { dateTimeColumn, idColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { ActionLink, ConfirmAction, RowActions } from '../../../components/data-table/row-actions';
import type { FilterDef, FilterOption } from '../../../components/data-table/table-filters';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { customerRequestsKeys } from '../api/keys';
import { useRequestLookups } from '../api/lookups-api';
import { fetchRequestsPage, toRequestListBody, useRemoveRequest, useRestoreRequest } from '../api/requests-list-api';
import { lookupName, REQUEST_STATUS_OPTIONS, RequestStatusBadge } from './request-status';
import './customer-requests.css';

type Lookup = { id: number; name: string; name_local: string };

/** A lookup list as filter options; labels are shown as given (names are data, not catalogue keys). */
const optionsOf = (items: Lookup[] | undefined): FilterOption[] =>
  (items ?? []).map((item) => ({ value: String(item.id), label: lookupName(item) }));

/**
 * The lists of service requests (SPEC §2): /requests (all, for staff), /requests/me (mine) and
 * /requests/tasks (assigned to me). One table: search (code, name, mobile, email, identity),
 * filters (organization type, branch, service, status incl. "branched", duration, active or
 * removed), a view link, cancel (soft remove) and restore for who may, and the exports.
 */
export function RequestsTable({ scope }: { scope: RequestListScope }) {
  const { t } = useTranslation();
  const can = useCan();
  const lookups = useRequestLookups();
  const [params] = useSearchParams();
  const removedView = params.get('removed') === '1';
  const remove = useRemoveRequest();
  const restore = useRestoreRequest();
  const mayCancel = can('cancel_requests') || can('admin_requests');
  const mayRestore = can('admin_requests');
  const staffList = scope === 'all';

  const filters: FilterDef[] = [
    {
      kind: 'select',
      name: 'request_status_type_id',
      label: 'requestsList.filters.status',
      options: REQUEST_STATUS_OPTIONS,
    },
    {
      kind: 'select',
      name: 'service_id',
      label: 'requestsList.filters.service',
      options: optionsOf(lookups.data?.services),
    },
    {
      kind: 'select',
      name: 'organization_type_id',
      label: 'requestsList.filters.organization_type',
      options: optionsOf(lookups.data?.organizations_types),
    },
    {
      kind: 'select',
      name: 'service_duration_id',
      label: 'requestsList.filters.duration',
      options: optionsOf(lookups.data?.services_durations),
    },
    {
      kind: 'select',
      name: 'branch_id',
      label: 'requestsList.filters.branch',
      options: (lookups.data?.branches ?? []).map((b) => ({ value: String(b.id), label: lookupName(b) })),
    },
    ...(staffList
      ? [
          {
            kind: 'select',
            name: 'removed',
            label: 'requestsList.filters.removed',
            options: [
              { value: '0', label: 'requestsList.filters.active' },
              { value: '1', label: 'requestsList.filters.removed_only' },
            ],
          } satisfies FilterDef,
        ]
      : []),
  ];

  const columns: DataColumn<TCustomerRequest>[] = [
    idColumn({ card: 'meta' }),
    {
      key: 'code',
      title: t('requestsList.columns.code'),
      sortKey: 'code',
      nowrap: true,
      card: 'title',
      render: (_, row) => (
        <Link to={paths.serviceRequest(row.id)} className="request-code">
          <bdi dir="ltr">{row.code}</bdi>
        </Link>
      ),
    },
    { key: 'name', title: t('requestsList.columns.name'), render: (_, row) => row.name },
    { key: 'service', title: t('requestsList.columns.service'), render: (_, row) => lookupName(row.service) },
    {
      key: 'organization_type',
      title: t('requestsList.columns.organization_type'),
      render: (_, row) => lookupName(row.organization_type),
    },
    {
      key: 'status',
      title: t('requestsList.columns.status'),
      sortKey: 'status',
      nowrap: true,
      render: (_, row) => (
        <RequestStatusBadge
          status={row.request_status_type}
          branched={row.branched}
          testId={`request-status-${row.id}`}
        />
      ),
    },
    { key: 'branch', title: t('requestsList.columns.branch'), render: (_, row) => lookupName(row.branch) },
    ...(staffList
      ? [
          {
            key: 'created_by',
            title: t('requestsList.columns.created_by'),
            render: (_: unknown, row: TCustomerRequest) => row.created_by.name,
          },
        ]
      : []),
    dateTimeColumn({
      key: 'created_at',
      title: t('requestsList.columns.created_at'),
      sortKey: 'created_at',
      value: (row) => row.created_at,
    }),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <RowActions>
          <ActionLink
            to={paths.serviceRequest(row.id)}
            label={t('requestsList.view_label', { code: row.code })}
            icon={<EyeOutlined />}
            testId={`request-view-${row.id}`}
          />
          {staffList && mayCancel && row.removed === 0 && (
            <ConfirmAction
              danger
              icon={<StopOutlined />}
              label={t('requestsList.cancel_label', { code: row.code })}
              testId={`request-remove-${row.id}`}
              confirm={{
                title: t('requestsList.cancel_confirm_title'),
                description: t('requestsList.cancel_confirm', { code: row.code }),
                ok: t('requestsList.cancel_yes'),
                cancel: t('requestsList.confirm_no'),
              }}
              run={() => remove.mutateAsync(row.id)}
              success={t('requests.messages.removed')}
              failure={t('requestsList.cancel_failed')}
            />
          )}
          {staffList && mayRestore && row.removed === 1 && (
            <ConfirmAction
              primary
              icon={<RollbackOutlined />}
              label={t('requestsList.restore_label', { code: row.code })}
              testId={`request-restore-${row.id}`}
              confirm={{
                title: t('requestsList.restore_confirm_title'),
                description: t('requestsList.restore_confirm', { code: row.code }),
                ok: t('requestsList.restore_yes'),
                cancel: t('requestsList.confirm_no'),
              }}
              run={() => restore.mutateAsync(row.id)}
              success={t('requests.messages.restored')}
              failure={t('requestsList.restore_failed')}
            />
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <DataTable<TCustomerRequest>
      queryKey={[...customerRequestsKeys.lists(), scope]}
      fetchPage={fetchRequestsPage(scope)}
      columns={columns}
      rowKey={(row) => row.id}
      rowClassName={(row) => (row.removed === 1 || removedView ? 'row-removed' : undefined)}
      filters={filters}
      caption={`requestsList.caption.${scope}`}
      // SPEC §9: my and assigned request lists show 5 rows; the full list follows the setting.
      defaultPageSize={scope === 'all' ? undefined : 5}
      searchPlaceholder="requestsList.search_placeholder"
      exportTo={
        staffList
          ? {
              path: '/customers_requests/export',
              request: (body) => {
                const { limit: _limit, offset: _offset, ...rest } = toRequestListBody(body, scope);
                return rest;
              },
              name: 'service-requests',
            }
          : undefined
      }
      actions={
        scope !== 'tasks' ? (
          <Link to={paths.serviceRequestCreate}>
            <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} tabIndex={-1}>
              {t('requestsList.add')}
            </Button>
          </Link>
        ) : undefined
      }
    />
  );
}

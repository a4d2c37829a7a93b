import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  MailOutlined,
  PlusOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { UserType } from '@portal/shared/enums';
import { userPolicy } from '@portal/shared/policy';
import type { TUserListRow } from '@portal/shared/schemas/users';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  dateColumn,
  EmailText,
  idColumn,
  Phone,
  statusColumn,
  userColumn,
} from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { ActionLink, ConfirmAction, RowActions } from '../../../components/data-table/row-actions';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { paths } from '../../../config/paths';
import { useCan, useViewer } from '../../../lib/authorization';
import { editPathOf } from '../access';
import { usersKeys } from '../api/keys';
import { useRestoreUser, useSendResetLink, useSetUserActive } from '../api/user-account-api';
import { fetchUsersOf, useDeleteUser } from '../api/users-api';
import { listTexts } from '../kinds';

function filtersFor(kind: UserType, seesRemoved: boolean): FilterDef[] {
  const defs: FilterDef[] = [
    { kind: 'text', name: 'name', label: 'usersUi.filters.name' },
    { kind: 'text', name: 'email', label: 'usersUi.filters.email', dir: 'ltr' },
    { kind: 'text', name: 'phone', label: 'usersUi.filters.phone', dir: 'ltr' },
  ];
  if (kind === 'user') {
    defs.push({
      kind: 'select',
      name: 'type',
      label: 'usersUi.filters.type',
      options: [
        { value: 'user', label: 'users.types.user' },
        { value: 'admin', label: 'users.types.admin' },
      ],
    });
  }
  defs.push({
    kind: 'select',
    name: 'active',
    label: 'usersUi.filters.status',
    options: [
      { value: 'true', label: 'common.active' },
      { value: 'false', label: 'common.inactive' },
    ],
  });
  // The server lists deleted users only when asked (removed: true), and only to admin_users holders.
  if (seesRemoved) defs.push({ kind: 'checkbox', name: 'removed', label: 'usersUi.filters.show_removed' });
  return defs;
}

type Props = {
  kind: UserType;
  /**
   * Filters the screen adds, drawn by another feature and composed by the route (the customers'
   * "association" filter, SPEC §2): their values travel in `filters` like the list's own.
   */
  extraFilters?: FilterDef[];
  /** The members of one association only (its page's users tab): a filter fixed by the screen. */
  associationId?: number;
  /** Prefix of this table's keys in the URL, for a tab beside other tables. */
  namespace?: string;
};

/**
 * Users of one type (SPEC §2): customers on /users, administrators on /users/admins.
 * Buttons the signed-in user may not use are not shown; the server checks again.
 */
export function UsersTable({ kind, extraFilters = [], associationId, namespace }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const viewer = useViewer();
  const remove = useDeleteUser();
  const setActive = useSetUserActive();
  const sendReset = useSendResetLink();
  const restore = useRestoreUser();
  const texts = listTexts(kind);
  const seesRemoved = can('admin_users');

  const columns: DataColumn<TUserListRow>[] = [
    idColumn(),
    userColumn({
      key: 'name',
      title: t('usersUi.columns.name'),
      sortKey: 'name',
      detail: 'none',
      card: 'title',
      user: (row) => row,
      // A deleted user has no profile to open (it would be a 404).
      linked: (row) => !row.removed,
    }),
    {
      key: 'email',
      title: t('usersUi.columns.email'),
      sortKey: 'email',
      card: 'hidden',
      render: (_, row) => <EmailText email={row.email} />,
    },
    {
      key: 'phone',
      title: t('usersUi.columns.phone'),
      sortKey: 'phone',
      nowrap: true,
      render: (_, row) => <Phone value={row.phone} />,
    },
    dateColumn({
      key: 'birthDate',
      title: t('usersUi.columns.birth_date'),
      sortKey: 'birthDate',
      card: 'hidden',
      value: (row) => row.birthDate,
    }),
    statusColumn({
      key: 'phoneVerify',
      title: t('usersUi.columns.phone_verify'),
      card: 'hidden',
      value: (row) => (row.phoneVerify ? 'yes' : 'no'),
      colors: { yes: 'success', no: 'default' },
      label: (s) => `common.${s}`,
    }),
  ];
  // Every row of the administrators' list is an administrator: no column saying so.
  if (kind === 'user') {
    columns.push(
      statusColumn({
        key: 'type',
        title: t('usersUi.columns.type'),
        value: (row) => row.type,
        colors: { admin: 'geekblue', user: 'default' },
        label: (type) => `users.types.${type}`,
      }),
    );
  }
  // A deleted user (listed only when asked for) says so where its state shows (issue 9 item 4).
  columns.push(
    statusColumn({
      key: 'active',
      title: t('usersUi.columns.status'),
      value: (row) => (row.removed ? 'removed' : row.active ? 'active' : 'inactive'),
      colors: { active: 'success', inactive: 'warning', removed: 'error' },
      label: (s) => (s === 'removed' ? 'usersUi.removed_tag' : `common.${s}`),
      testId: (row) => `user-status-${row.id}`,
    }),
  );
  columns.push({
    key: 'actions',
    title: t('common.actions'),
    fixed: 'end',
    render: (_, row) => (
      <RowActions>
        {!row.removed && userPolicy.view(viewer, row.id) && (
          <ActionLink to={paths.user(row.id)} label={t('usersUi.view', { name: row.name })} icon={<EyeOutlined />} />
        )}
        {!row.removed && userPolicy.edit(viewer, row.id) && (
          <ActionLink to={editPathOf(row)} label={t('usersUi.edit', { name: row.name })} icon={<EditOutlined />} />
        )}
        {!row.removed && row.type === 'admin' && userPolicy.assignAccess(viewer, row.id) && (
          <ActionLink
            to={paths.userRoles(row.id)}
            label={t('admins.roles_action', { name: row.name })}
            icon={<SafetyCertificateOutlined />}
          />
        )}
        {!row.removed && userPolicy.changeStatus(viewer, row.id) && (
          <ConfirmAction
            danger={row.active}
            icon={row.active ? <StopOutlined /> : <CheckCircleOutlined />}
            label={t(row.active ? 'usersUi.account.deactivate' : 'usersUi.account.activate', { name: row.name })}
            testId={`user-status-${row.id}`}
            confirm={{
              title: t(row.active ? 'usersUi.account.deactivate_title' : 'usersUi.account.activate_title'),
              description: t(row.active ? 'usersUi.account.deactivate_text' : 'usersUi.account.activate_text', {
                name: row.name,
              }),
              ok: t(row.active ? 'usersUi.account.deactivate_yes' : 'usersUi.account.activate_yes'),
              cancel: t('usersUi.confirm_no'),
            }}
            run={() => setActive.mutateAsync({ id: row.id, active: !row.active })}
            success={t(row.active ? 'users.messages.deactivated' : 'users.messages.activated')}
            failure={t('usersUi.account.status_failed')}
            cancelled={t('usersUi.cancelled')}
          />
        )}
        {!row.removed && row.active && row.email && can('users.put') && (
          <ConfirmAction
            icon={<MailOutlined />}
            label={t('usersUi.account.reset', { name: row.name })}
            testId={`user-reset-${row.id}`}
            confirm={{
              title: t('usersUi.account.reset_title'),
              description: t('usersUi.account.reset_text', { name: row.name, email: row.email }),
              ok: t('usersUi.account.reset_yes'),
              cancel: t('usersUi.confirm_no'),
            }}
            run={() => sendReset.mutateAsync(row.id)}
            success={t('users.messages.reset_sent')}
            failure={t('usersUi.account.reset_failed')}
            cancelled={t('usersUi.cancelled')}
          />
        )}
        {row.removed && can('admin_users') && (
          <ConfirmAction
            primary
            icon={<RollbackOutlined />}
            label={t('usersUi.account.restore', { name: row.name })}
            testId={`user-restore-${row.id}`}
            confirm={{
              title: t('usersUi.account.restore_title'),
              description: t('usersUi.account.restore_text', { name: row.name }),
              ok: t('usersUi.account.restore_yes'),
              cancel: t('usersUi.confirm_no'),
            }}
            run={() => restore.mutateAsync({ id: row.id, type: row.type })}
            success={t('users.messages.restored')}
            failure={t('usersUi.account.restore_failed')}
            cancelled={t('usersUi.cancelled')}
          />
        )}
        {!row.removed && userPolicy.delete(viewer, row.id) && (
          <ConfirmAction
            danger
            icon={<DeleteOutlined />}
            label={t('usersUi.delete', { name: row.name })}
            confirm={{
              title: t('usersUi.delete_confirm_title'),
              description: t('usersUi.delete_confirm', { name: row.name }),
              ok: t('usersUi.confirm_yes'),
              cancel: t('usersUi.confirm_no'),
            }}
            run={() => remove.mutateAsync(row.id)}
            success={t('messages.success')}
            failure={t('usersUi.delete_failed')}
            cancelled={t('usersUi.cancelled')}
          />
        )}
      </RowActions>
    ),
  });

  return (
    <DataTable<TUserListRow>
      queryKey={associationId ? [...usersKeys.list(kind), { association_id: associationId }] : usersKeys.list(kind)}
      namespace={namespace}
      fetchPage={fetchUsersOf(kind, associationId ? { association_id: associationId } : {})}
      columns={columns}
      rowKey={(row) => row.id}
      rowClassName={(row) => (row.removed ? 'is-removed' : undefined)}
      filters={[...filtersFor(kind, seesRemoved), ...extraFilters]}
      caption={`${texts}.list_caption`}
      actions={
        can('users.put') && associationId === undefined ? (
          <Link to={kind === 'admin' ? paths.adminCreate : paths.userCreate}>
            <Button type="primary" icon={<PlusOutlined />} tabIndex={-1} data-testid="user-add">
              {t(`${texts}.add`)}
            </Button>
          </Link>
        ) : undefined
      }
    />
  );
}

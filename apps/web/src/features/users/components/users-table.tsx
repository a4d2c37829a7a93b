import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { UserType } from '@portal/shared/enums';
import type { TUserListRow } from '@portal/shared/schemas/users';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { UserPhoto } from '../../../components/layout/user-photo';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { canEditUser, canViewUser, editPathOf } from '../access';
import { fetchUsersOf, useDeleteUser } from '../api/users-api';
import { listTexts } from '../kinds';
import { toastDeleteCancelled, toastDeleteFailed } from './delete-feedback';

function filtersFor(kind: UserType, seesRemoved: boolean): FilterDef[] {
  const defs: FilterDef[] = [
    { kind: 'text', name: 'name', label: 'usersUi.filters.name' },
    { kind: 'text', name: 'email', label: 'usersUi.filters.email' },
    { kind: 'text', name: 'phone', label: 'usersUi.filters.phone' },
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
  if (seesRemoved) {
    defs.push({
      kind: 'select',
      name: 'removed',
      label: 'usersUi.filters.removed',
      options: [
        { value: 'true', label: 'usersUi.removed_options.removed' },
        { value: 'false', label: 'usersUi.removed_options.live' },
      ],
    });
  }
  return defs;
}

/**
 * Users of one type (SPEC §2): customers on /users, administrators on /users/admins.
 * Buttons the signed-in user may not use are not shown; the server checks again.
 */
export function UsersTable({ kind }: { kind: UserType }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const can = useCan();
  const { user: me } = useSession();
  const remove = useDeleteUser();
  const viewer = { id: me?.id ?? 0, can };
  const texts = listTexts(kind);
  const seesRemoved = can('admin_users');

  const confirmDelete = (row: TUserListRow) => {
    if (remove.isPending) return;
    remove.mutate(row.id, {
      onSuccess: () => toast.success(t('messages.success')),
      onError: (error) => toastDeleteFailed(t, error),
    });
  };

  const columns: DataColumn<TUserListRow>[] = [
    { key: 'id', title: '#', dataIndex: 'id', sortKey: 'id', width: 80 },
    {
      key: 'name',
      title: t('usersUi.columns.name'),
      sortKey: 'name',
      render: (_, row) => (
        <span className="user-cell">
          <UserPhoto user={row} size={36} />
          <span className="user-cell-text">
            {canViewUser(viewer, row.id) ? (
              <Link to={paths.user(row.id)} className="user-cell-name">
                {row.name}
              </Link>
            ) : (
              <span className="user-cell-name">{row.name}</span>
            )}
            <span className="muted user-cell-id">{t('usersUi.id_label', { id: row.id })}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'email',
      title: t('usersUi.columns.email'),
      sortKey: 'email',
      render: (_, row) => <bdi dir="ltr">{row.email ?? '—'}</bdi>,
    },
    {
      key: 'phone',
      title: t('usersUi.columns.phone'),
      sortKey: 'phone',
      render: (_, row) => <bdi dir="ltr">{row.phone}</bdi>,
    },
    {
      key: 'birthDate',
      title: t('usersUi.columns.birth_date'),
      sortKey: 'birthDate',
      render: (_, row) => formatDate(row.birthDate, lang),
    },
    {
      key: 'phoneVerify',
      title: t('usersUi.columns.phone_verify'),
      render: (_, row) => (
        <Tag color={row.phoneVerify ? 'success' : 'default'}>{row.phoneVerify ? t('common.yes') : t('common.no')}</Tag>
      ),
    },
    {
      key: 'type',
      title: t('usersUi.columns.type'),
      render: (_, row) => (
        <Tag color={row.type === 'admin' ? 'geekblue' : 'default'}>{t(`users.types.${row.type}`)}</Tag>
      ),
    },
    {
      key: 'active',
      title: t('usersUi.columns.status'),
      render: (_, row) => (
        <Tag color={row.active ? 'success' : 'warning'}>{row.active ? t('common.active') : t('common.inactive')}</Tag>
      ),
    },
  ];
  if (seesRemoved) {
    columns.push({
      key: 'removed',
      title: t('usersUi.columns.removed'),
      render: (_, row) =>
        row.removed ? <Tag color="error">{t('usersUi.removed_tag')}</Tag> : <Tag>{t('usersUi.live_tag')}</Tag>,
    });
  }
  columns.push({
    key: 'actions',
    title: t('common.actions'),
    fixed: 'end',
    render: (_, row) => (
      <Space size={4} wrap={false}>
        {canViewUser(viewer, row.id) && (
          <Link to={paths.user(row.id)} aria-label={t('usersUi.view', { name: row.name })}>
            <Button size="small" icon={<EyeOutlined />} tabIndex={-1} />
          </Link>
        )}
        {!row.removed && canEditUser(viewer, row.id) && (
          <Link to={editPathOf(row)} aria-label={t('usersUi.edit', { name: row.name })}>
            <Button size="small" icon={<EditOutlined />} tabIndex={-1} />
          </Link>
        )}
        {!row.removed && row.type === 'admin' && row.id !== me?.id && can('roles.assign') && (
          <Link to={paths.userRoles(row.id)} aria-label={t('admins.roles_action', { name: row.name })}>
            <Button size="small" icon={<SafetyCertificateOutlined />} tabIndex={-1} />
          </Link>
        )}
        {!row.removed && row.id !== me?.id && can('users.delete') && (
          <Popconfirm
            title={t('usersUi.delete_confirm_title')}
            description={t('usersUi.delete_confirm', { name: row.name })}
            okText={t('usersUi.confirm_yes')}
            cancelText={t('usersUi.confirm_no')}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={() => confirmDelete(row)}
            onCancel={() => toastDeleteCancelled(t)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('usersUi.delete', { name: row.name })}
            />
          </Popconfirm>
        )}
      </Space>
    ),
  });

  return (
    <DataTable<TUserListRow>
      queryKey={kind === 'admin' ? 'admins' : 'users'}
      fetchPage={fetchUsersOf(kind)}
      columns={columns}
      rowKey={(row) => row.id}
      filters={filtersFor(kind, seesRemoved)}
      caption={`${texts}.list_caption`}
      actions={
        can('users.put') ? (
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

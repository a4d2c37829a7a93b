import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { TRoleRow } from '@portal/shared/schemas/roles';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { formatDate, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { fetchRoles, useDeleteRole } from '../api/roles-api';
import { toastRoleDeleteCancelled, toastRoleDeleteFailed } from './feedback';
import { RoleName, useRoleLabel } from './role-name';
import { RoleNameModal } from './role-name-modal';
import { RolePermissionsDrawer } from './role-permissions-drawer';

/** Role management (SPEC §6): list, create, rename, delete with confirmation, and each role's permissions. */
export function RolesTable() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const can = useCan();
  const label = useRoleLabel();
  const remove = useDeleteRole();
  const [nameModal, setNameModal] = useState<{ open: boolean; role: TRoleRow | null }>({ open: false, role: null });
  const [permissionsOf, setPermissionsOf] = useState<number | null>(null);

  const confirmDelete = (row: TRoleRow) => {
    if (remove.isPending) return;
    remove.mutate(row.id, {
      onSuccess: () => toast.success(t('roles.messages.deleted')),
      onError: (error) => toastRoleDeleteFailed(t, error),
    });
  };

  const columns: DataColumn<TRoleRow>[] = [
    { key: 'id', title: '#', dataIndex: 'id', sortKey: 'id', width: 80 },
    {
      key: 'name',
      title: t('rolesUi.columns.name'),
      sortKey: 'name',
      render: (_, row) => (
        <Space size={6}>
          <strong>
            <RoleName name={row.name} />
          </strong>
          {row.system && <Tag>{t('rolesUi.system_tag')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'users_count',
      title: t('rolesUi.columns.users_count'),
      render: (_, row) => formatNumber(row.users_count, lang),
    },
    {
      key: 'permissions_count',
      title: t('rolesUi.columns.permissions_count'),
      render: (_, row) => formatNumber(row.permissions_count, lang),
    },
    {
      key: 'created_at',
      title: t('rolesUi.columns.created_at'),
      render: (_, row) => formatDate(row.created_at, lang),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, row) => (
        <Space size={4}>
          <Tooltip title={t('rolesUi.edit_permissions', { name: label(row.name) })}>
            <Button
              size="small"
              icon={<SafetyCertificateOutlined />}
              onClick={() => setPermissionsOf(row.id)}
              aria-label={t('rolesUi.edit_permissions', { name: label(row.name) })}
              data-testid={`role-permissions-${row.id}`}
            />
          </Tooltip>
          {can('roles.put') && !row.system && (
            <Tooltip title={t('rolesUi.rename', { name: label(row.name) })}>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setNameModal({ open: true, role: row })}
                aria-label={t('rolesUi.rename', { name: label(row.name) })}
              />
            </Tooltip>
          )}
          {can('roles.delete') && !row.system && (
            <Popconfirm
              title={t('rolesUi.delete_confirm_title')}
              description={t('rolesUi.delete_confirm', { name: row.name })}
              okText={t('rolesUi.confirm_yes')}
              cancelText={t('rolesUi.confirm_no')}
              okButtonProps={{ danger: true, loading: remove.isPending }}
              onConfirm={() => confirmDelete(row)}
              onCancel={() => toastRoleDeleteCancelled(t)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('rolesUi.delete', { name: row.name })}
              />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <DataTable<TRoleRow>
        queryKey="roles"
        fetchPage={fetchRoles}
        columns={columns}
        rowKey={(row) => row.id}
        caption="rolesUi.list_caption"
        actions={
          <>
            {can('roles.put') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setNameModal({ open: true, role: null })}
                data-testid="role-add"
              >
                {t('rolesUi.add')}
              </Button>
            )}
            {can('roles.assign') && (
              <Link to={paths.rolesAssign}>
                <Button icon={<UserSwitchOutlined />} tabIndex={-1}>
                  {t('rolesUi.assign')}
                </Button>
              </Link>
            )}
          </>
        }
      />
      <RoleNameModal
        open={nameModal.open}
        role={nameModal.role}
        onClose={() => setNameModal({ open: false, role: null })}
        onCreated={(role) => setPermissionsOf(role.id)}
      />
      <RolePermissionsDrawer roleId={permissionsOf} onClose={() => setPermissionsOf(null)} />
    </>
  );
}

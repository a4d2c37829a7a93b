import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { TRoleRow } from '@portal/shared/schemas/roles';
import { Button, Space, Tag, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateColumn, idColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { ConfirmAction, RowActions } from '../../../components/data-table/row-actions';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { rolesKeys } from '../api/keys';
import { fetchRoles, useDeleteRole } from '../api/roles-api';
import { RoleName, useRoleLabel } from './role-name';

// The name form and the permissions drawer (antd Form, Modal, Drawer, the permission picker) arrive
// when first opened, not with the list (DESIGN §5); once there they stay mounted for their animations.
const RoleNameModal = lazy(() => import('./role-name-modal').then((m) => ({ default: m.RoleNameModal })));
const RolePermissionsDrawer = lazy(() =>
  import('./role-permissions-drawer').then((m) => ({ default: m.RolePermissionsDrawer })),
);

/** Role management (SPEC §6): list, create, rename, delete with confirmation, and each role's permissions. */
export function RolesTable() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const can = useCan();
  const label = useRoleLabel();
  const remove = useDeleteRole();
  const [nameModal, setNameModal] = useState<{ open: boolean; role: TRoleRow | null }>({ open: false, role: null });
  const [permissionsOf, setPermissionsOf] = useState<number | null>(null);
  const [modalUsed, setModalUsed] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const openNameModal = (role: TRoleRow | null) => {
    setModalUsed(true);
    setNameModal({ open: true, role });
  };
  const openPermissions = (id: number) => {
    setDrawerUsed(true);
    setPermissionsOf(id);
  };

  const columns: DataColumn<TRoleRow>[] = [
    idColumn(),
    {
      key: 'name',
      title: t('rolesUi.columns.name'),
      sortKey: 'name',
      card: 'title',
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
      nowrap: true,
      render: (_, row) => formatNumber(row.users_count, lang),
    },
    {
      key: 'permissions_count',
      title: t('rolesUi.columns.permissions_count'),
      nowrap: true,
      render: (_, row) => formatNumber(row.permissions_count, lang),
    },
    dateColumn({ key: 'created_at', title: t('rolesUi.columns.created_at'), value: (row) => row.created_at }),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <RowActions>
          <Tooltip title={t('rolesUi.edit_permissions', { name: label(row.name) })}>
            <Button
              size="small"
              icon={<SafetyCertificateOutlined />}
              onClick={() => openPermissions(row.id)}
              aria-label={t('rolesUi.edit_permissions', { name: label(row.name) })}
              data-testid={`role-permissions-${row.id}`}
            />
          </Tooltip>
          {can('roles.put') && !row.system && (
            <Tooltip title={t('rolesUi.rename', { name: label(row.name) })}>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => openNameModal(row)}
                aria-label={t('rolesUi.rename', { name: label(row.name) })}
              />
            </Tooltip>
          )}
          {can('roles.delete') && !row.system && (
            <ConfirmAction
              danger
              icon={<DeleteOutlined />}
              label={t('rolesUi.delete', { name: row.name })}
              confirm={{
                title: t('rolesUi.delete_confirm_title'),
                description: t('rolesUi.delete_confirm', { name: row.name }),
                ok: t('rolesUi.confirm_yes'),
                cancel: t('rolesUi.confirm_no'),
              }}
              run={() => remove.mutateAsync(row.id)}
              success={t('roles.messages.deleted')}
              failure={t('rolesUi.delete_failed')}
              cancelled={t('rolesUi.cancelled')}
            />
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <DataTable<TRoleRow>
        queryKey={rolesKeys.lists()}
        fetchPage={fetchRoles}
        columns={columns}
        rowKey={(row) => row.id}
        caption="rolesUi.list_caption"
        actions={
          <>
            {can('roles.put') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openNameModal(null)} data-testid="role-add">
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
      {modalUsed && (
        <Suspense fallback={null}>
          <RoleNameModal
            open={nameModal.open}
            role={nameModal.role}
            onClose={() => setNameModal({ open: false, role: null })}
            onCreated={(role) => openPermissions(role.id)}
          />
        </Suspense>
      )}
      {drawerUsed && (
        <Suspense fallback={null}>
          <RolePermissionsDrawer roleId={permissionsOf} onClose={() => setPermissionsOf(null)} />
        </Suspense>
      )}
    </>
  );
}

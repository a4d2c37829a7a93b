import type { Permission } from '@portal/shared/permissions';
import { Alert, Button, Drawer, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/authorization';
import { toast } from '../../../lib/toast';
import { useRole, useUpdateRole } from '../api/roles-api';
import { PermissionPicker } from './permission-picker';
import { useRoleLabel } from './role-name';

const ADMIN_ROLE = 'admin';

function Editor({
  roleId,
  initial,
  locked,
  onClose,
}: {
  roleId: number;
  initial: Permission[];
  locked: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const [value, setValue] = useState<Permission[]>(initial);
  const update = useUpdateRole();
  const save = () => {
    if (update.isPending) return;
    update.mutate(
      { id: roleId, input: { permissions: value } },
      {
        onSuccess: () => {
          toast.success(t('roles.messages.updated'));
          onClose();
        },
      },
    );
  };
  return (
    <>
      {locked && <Alert type="info" showIcon title={t('rolesUi.admin_locked')} className="form-note" />}
      <PermissionPicker value={value} onChange={setValue} grantable={can} disabled={locked || !can('roles.put')} />
      <div className="form-actions drawer-actions">
        {!locked && can('roles.put') && (
          <Button type="primary" onClick={save} loading={update.isPending} data-testid="role-permissions-save">
            {t('rolesUi.save')}
          </Button>
        )}
        <Button onClick={onClose}>{t('rolesUi.cancel')}</Button>
      </div>
    </>
  );
}

/** A role's permissions, grouped as the catalogue groups them; saved as a whole (PUT /roles/:id). */
export function RolePermissionsDrawer({ roleId, onClose }: { roleId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const role = useRole(roleId);
  const label = useRoleLabel();
  return (
    <Drawer
      open={roleId !== null}
      onClose={onClose}
      size="large"
      title={role.data ? t('rolesUi.permissions_title', { name: label(role.data.name) }) : ' '}
      destroyOnHidden
    >
      {role.data && role.data.id === roleId ? (
        <Editor
          key={`${role.data.id}-${role.data.updated_at}`}
          roleId={role.data.id}
          initial={role.data.permissions}
          locked={role.data.name === ADMIN_ROLE}
          onClose={onClose}
        />
      ) : (
        <div className="page-loader">
          <Spin />
        </div>
      )}
    </Drawer>
  );
}

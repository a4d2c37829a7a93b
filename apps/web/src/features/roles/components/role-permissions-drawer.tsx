import type { Permission } from '@portal/shared/permissions';
import { Alert, Button, Drawer, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/authorization';
import { useIdempotencyKey, withIdempotencyKey } from '../../../lib/idempotency';
import { usePendingGuard } from '../../../lib/pending-guard';
import { toast, toastApiError } from '../../../lib/toast';
import { useRole, useUpdateRole } from '../api/roles-api';
import { PermissionPicker } from './permission-picker';
import { useRoleLabel } from './role-name';

const ADMIN_ROLE = 'admin';

/** A role's permissions, grouped as the catalogue groups them; saved as a whole (PUT /roles/:id). */
export function RolePermissionsDrawer({ roleId, onClose }: { roleId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const role = useRole(roleId);
  const label = useRoleLabel();
  const update = useUpdateRole();
  const loaded = role.data && role.data.id === roleId ? role.data : null;
  const [value, setValue] = useState<Permission[] | null>(null);
  // Start from the role as stored each time a role is opened (or changed on the server).
  const version = loaded ? `${loaded.id}-${loaded.updated_at}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` stands for the loaded role.
  useEffect(() => setValue(loaded ? loaded.permissions : null), [version]);
  const locked = loaded?.name === ADMIN_ROLE;
  const editable = Boolean(loaded) && !locked && can('roles.put');

  const keys = useIdempotencyKey();
  // One save at a time (a ref, so two clicks in one tick send one request); a retry of the same
  // permissions carries the same idempotency key.
  const save = usePendingGuard(async () => {
    if (!loaded || !value) return;
    const input = { permissions: value };
    try {
      await update.mutateAsync({ id: loaded.id, input: withIdempotencyKey(input, keys.keyFor([loaded.id, input])) });
      keys.settled();
      toast.success(t('roles.messages.updated'));
      onClose();
    } catch (error) {
      // The mutation is silent for the name modal's field errors; here the refusal is a toast.
      toastApiError(error);
    }
  });

  return (
    <Drawer
      open={roleId !== null}
      onClose={onClose}
      size="large"
      className="role-permissions-drawer"
      title={loaded ? t('rolesUi.permissions_title', { name: label(loaded.name) }) : ' '}
      destroyOnHidden
      footer={
        <div className="form-actions drawer-actions">
          {editable && (
            <Button
              type="primary"
              onClick={() => void save.run()}
              loading={save.pending}
              disabled={save.pending}
              data-testid="role-permissions-save"
            >
              {t('rolesUi.save')}
            </Button>
          )}
          <Button onClick={onClose}>{t('rolesUi.cancel')}</Button>
        </div>
      }
    >
      {loaded && value ? (
        <>
          {locked && <Alert type="info" showIcon title={t('rolesUi.admin_locked')} className="form-note" />}
          <PermissionPicker value={value} onChange={setValue} grantable={can} disabled={!editable} />
        </>
      ) : (
        <div className="page-loader">
          <Spin />
        </div>
      )}
    </Drawer>
  );
}

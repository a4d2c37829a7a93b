import type { Permission } from '@portal/shared/permissions';
import type { TUserAccess } from '@portal/shared/schemas/roles';
import { Alert, Button, Card, Form, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/authorization';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { directPermissionsToSend, effectivePermissions, permissionsFromRoles } from '../access-logic';
import { useAllRoles, useAssignAccess, useRolePermissions, useUserAccess, useUserSummary } from '../api/roles-api';
import { PermissionPicker } from './permission-picker';
import { useRoleLabel } from './role-name';

type EditorProps = { access: TUserAccess; via: 'user' | 'sync' };

function AccessEditor({ access, via }: EditorProps) {
  const { t } = useTranslation();
  const can = useCan();
  const { user: me } = useSession();
  const label = useRoleLabel();
  const roles = useAllRoles();
  const [roleIds, setRoleIds] = useState<number[]>(access.roles.map((r) => r.id));
  const [direct, setDirect] = useState<Permission[]>(access.direct_permissions);
  const fromRolesQuery = useRolePermissions(roleIds);
  const fromRoles = permissionsFromRoles(roleIds, fromRolesQuery.details);
  const save = useAssignAccess(access.user_id, via);
  const customer = access.type !== 'admin';
  const self = access.user_id === me?.id;
  const readOnly = customer || self || !can('roles.assign');

  const submit = () => {
    if (save.isPending || readOnly) return;
    if (roleIds.length === 0) {
      toast.info(t('roles.validation.select_role'));
      return;
    }
    save.mutate(
      { roles: roleIds, permissions: directPermissionsToSend(direct, fromRoles) },
      {
        onSuccess: (saved) => {
          setDirect(saved.direct_permissions);
          toast.success(t('roles.messages.assigned'));
        },
        onError: (error) => toast.error(error.message || t('common.check_connection')),
      },
    );
  };

  return (
    <Form layout="vertical" onFinish={submit} data-testid="user-access-form">
      {customer && <Alert type="warning" showIcon title={t('rolesUi.assign_page.customer')} className="form-note" />}
      {self && !customer && (
        <Alert type="warning" showIcon title={t('rolesUi.assign_page.self')} className="form-note" />
      )}
      <Form.Item label={t('rolesUi.assign_page.roles')} htmlFor="user-access-roles">
        <Select
          id="user-access-roles"
          mode="multiple"
          value={roleIds}
          onChange={setRoleIds}
          loading={roles.isPending}
          disabled={readOnly}
          placeholder={t('rolesUi.assign_page.roles_placeholder')}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: label(r.name) }))}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="user-access-roles"
        />
      </Form.Item>
      <Form.Item label={t('rolesUi.assign_page.direct')} extra={t('rolesUi.assign_page.direct_hint')}>
        <Spin spinning={fromRolesQuery.pending}>
          <PermissionPicker
            value={direct}
            onChange={setDirect}
            locked={fromRoles}
            grantable={can}
            disabled={readOnly}
          />
        </Spin>
      </Form.Item>
      <div className="form-actions">
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          disabled={readOnly || fromRolesQuery.pending}
          data-testid="user-access-save"
        >
          {t('rolesUi.assign_page.save')}
        </Button>
        <span className="muted">
          {t('rolesUi.assign_page.effective', {
            total: formatNumber(effectivePermissions(direct, fromRoles).length, currentLanguage()),
          })}
        </span>
      </div>
    </Form>
  );
}

/**
 * A user's roles and extra direct permissions (SPEC §6): permissions from a chosen role
 * are checked and disabled, and only the extra ones are sent.
 */
export function UserAccessForm({ userId, via = 'user' }: { userId: number; via?: 'user' | 'sync' }) {
  const { t } = useTranslation();
  const access = useUserAccess(userId);
  const user = useUserSummary(userId);
  return (
    <Card
      className="user-access-card"
      title={
        user.data ? (
          <span data-testid="user-access-who">
            {user.data.name} — <bdi dir="ltr">{user.data.phone}</bdi>
          </span>
        ) : undefined
      }
    >
      {access.isPending ? (
        <div className="page-loader">
          <Spin />
        </div>
      ) : access.isError ? (
        <Alert type="error" showIcon title={access.error.message || t('table.load_failed')} />
      ) : (
        <AccessEditor key={access.data.user_id} access={access.data} via={via} />
      )}
    </Card>
  );
}

import type { Permission } from '@portal/shared/permissions';
import { holds, userPolicy } from '@portal/shared/policy';
import type { TUserAccess } from '@portal/shared/schemas/roles';
import { Alert, Form, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useViewer } from '../../../lib/authorization';
import { typedSearch } from '../../../lib/digits';
import { formatNumber } from '../../../lib/format';
import { useFormSubmit } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { directPermissionsToSend, effectivePermissions, permissionsFromRoles } from '../access-logic';
import { useAllRoles, useAssignAccess, useRolePermissions } from '../api/roles-api';
import { PermissionPicker } from './permission-picker';
import { useRoleLabel } from './role-name';

type EditorProps = { access: TUserAccess; via: 'user' | 'sync' };

/** The roles picker, the direct permissions and the save (UserAccessForm shows it once the access is read). */
export default function AccessEditor({ access, via }: EditorProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [form] = Form.useForm();
  const label = useRoleLabel();
  const roles = useAllRoles();
  const [roleIds, setRoleIds] = useState<number[]>(access.roles.map((r) => r.id));
  const [direct, setDirect] = useState<Permission[]>(access.direct_permissions);
  const fromRolesQuery = useRolePermissions(roleIds);
  const fromRoles = permissionsFromRoles(roleIds, fromRolesQuery.details);
  const save = useAssignAccess(access.user_id, via);
  const customer = access.type !== 'admin';
  const self = access.user_id === viewer.id;
  // SPEC §6 (userPolicy.assignAccess): roles.assign, never one's own; customers hold no roles here.
  const readOnly = customer || !userPolicy.assignAccess(viewer, access.user_id);
  // Nobody grants what they do not hold themselves (the server checks it with firstNotHeld).
  const grantable = (permission: Permission) => holds(viewer, permission);

  // One save at a time; a refusal is toasted (lib/forms.ts showSaveError).
  const submit = useFormSubmit(form, async (_values, idempotent) => {
    if (readOnly) return;
    if (roleIds.length === 0) {
      toast.info(t('roles.validation.select_role'));
      return;
    }
    const saved = await save.mutateAsync(
      idempotent({ roles: roleIds, permissions: directPermissionsToSend(direct, fromRoles) }, access.user_id),
    );
    setDirect(saved.direct_permissions);
    toast.success(t('roles.messages.assigned'));
  });

  return (
    <Form form={form} layout="vertical" onFinish={submit.onFinish} data-testid="user-access-form">
      {customer && <Alert type="warning" showIcon title={t('rolesUi.assign_page.customer')} className="form-note" />}
      {self && !customer && (
        <Alert type="warning" showIcon title={t('rolesUi.assign_page.self')} className="form-note" />
      )}
      {readOnly ? (
        // Read-only (a customer, oneself, no roles.assign): the roles as text, not a greyed-out picker
        // whose values could hardly be read (disabled controls' text is 1.8:1).
        <Form.Item label={t('rolesUi.assign_page.roles')}>
          <div className="role-tags" data-testid="user-access-roles-readonly">
            {access.roles.length === 0 ? (
              <span className="muted">{t('usersUi.profile_page.no_roles')}</span>
            ) : (
              access.roles.map((r) => (
                <Tag key={r.id} color="blue">
                  {label(r.name)}
                </Tag>
              ))
            )}
          </div>
        </Form.Item>
      ) : (
        <Form.Item label={t('rolesUi.assign_page.roles')} htmlFor="user-access-roles">
          <Select
            id="user-access-roles"
            mode="multiple"
            value={roleIds}
            onChange={setRoleIds}
            loading={roles.isPending}
            placeholder={t('rolesUi.assign_page.roles_placeholder')}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: label(r.name) }))}
            showSearch={typedSearch()}
            data-testid="user-access-roles"
          />
        </Form.Item>
      )}
      <Form.Item label={t('rolesUi.assign_page.direct')} extra={t('rolesUi.assign_page.direct_hint')}>
        {/* While the chosen roles' permissions load, the picker waits (antd's Spin would cost 3 KB of the budget). */}
        <div aria-busy={fromRolesQuery.pending || undefined}>
          <PermissionPicker
            value={direct}
            onChange={setDirect}
            locked={fromRoles}
            grantable={grantable}
            disabled={readOnly || fromRolesQuery.pending}
          />
        </div>
      </Form.Item>
      <div className="form-actions">
        <SubmitButton pending={submit.pending} disabled={readOnly || fromRolesQuery.pending} testId="user-access-save">
          {t('rolesUi.assign_page.save')}
        </SubmitButton>
        <span className="muted">
          {t('rolesUi.assign_page.effective', {
            total: formatNumber(effectivePermissions(direct, fromRoles).length, currentLanguage()),
          })}
        </span>
      </div>
    </Form>
  );
}

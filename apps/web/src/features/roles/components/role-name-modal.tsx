import { roleNameField, type TRoleDetail } from '@portal/shared/schemas/roles';
import { Button, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { useCreateRole, useUpdateRole } from '../api/roles-api';
import { showRoleSaveError } from './feedback';

type Props = {
  open: boolean;
  /** Present to rename; absent to create. */
  role?: { id: number; name: string } | null;
  onClose: () => void;
  /** A role was created: the caller opens its permissions next. */
  onCreated?: (role: TRoleDetail) => void;
};

/** Create a role or rename one (SPEC §5: the name is required). Enter saves. */
export function RoleNameModal({ open, role, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateRole();
  const update = useUpdateRole();
  const busy = create.isPending || update.isPending;
  const renaming = Boolean(role);

  useEffect(() => {
    if (open) form.setFieldsValue({ name: role?.name ?? '' });
  }, [open, role, form]);

  const submit = ({ name }: { name: string }) => {
    if (busy) return;
    const trimmed = name.trim();
    if (role) {
      update.mutate(
        { id: role.id, input: { name: trimmed } },
        {
          onSuccess: () => {
            toast.success(t('roles.messages.updated'));
            onClose();
          },
          onError: (error) => showRoleSaveError(form, t, error),
        },
      );
    } else {
      create.mutate(
        { name: trimmed, permissions: [] },
        {
          onSuccess: (created) => {
            toast.success(t('roles.messages.created'));
            onClose();
            onCreated?.(created);
          },
          onError: (error) => showRoleSaveError(form, t, error),
        },
      );
    }
  };

  return (
    <Modal
      open={open}
      title={renaming ? t('rolesUi.rename_title') : t('rolesUi.create_title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="role" layout="vertical" onFinish={submit} data-testid="role-name-form">
        <Form.Item name="name" label={t('rolesUi.name')} rules={[zodRule(roleNameField)]} required>
          <Input placeholder={t('rolesUi.name_placeholder')} maxLength={100} autoFocus />
        </Form.Item>
        <div className="form-actions">
          <Button type="primary" htmlType="submit" loading={busy} data-testid="role-name-submit">
            {t('rolesUi.save')}
          </Button>
          <Button onClick={onClose}>{t('rolesUi.cancel')}</Button>
        </div>
      </Form>
    </Modal>
  );
}

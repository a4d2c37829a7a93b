import { roleNameField, type TRoleDetail } from '@portal/shared/schemas/roles';
import { Button, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useFormSubmit, zodRule } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useCreateRole, useUpdateRole } from '../api/roles-api';

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
  const renaming = Boolean(role);

  useEffect(() => {
    if (open) form.setFieldsValue({ name: role?.name ?? '' });
  }, [open, role, form]);

  // One save at a time; a refused name goes under the field (lib/forms.ts showSaveError).
  // A retry of the same name carries the same idempotency key: the role is created once.
  const submit = useFormSubmit(form, async ({ name }: { name: string }, idempotent) => {
    const trimmed = name.trim();
    if (role) {
      await update.mutateAsync({ id: role.id, input: idempotent({ name: trimmed }, role.id) });
      toast.success(t('roles.messages.updated'));
      onClose();
    } else {
      const created = await create.mutateAsync(idempotent({ name: trimmed, permissions: [] }));
      toast.success(t('roles.messages.created'));
      onClose();
      onCreated?.(created);
    }
  });

  return (
    <Modal
      open={open}
      title={renaming ? t('rolesUi.rename_title') : t('rolesUi.create_title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      forceRender
    >
      <Form
        form={form}
        name="role"
        layout="vertical"
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
        data-testid="role-name-form"
      >
        <Form.Item name="name" label={t('rolesUi.name')} rules={[zodRule(roleNameField)]} required>
          <Input placeholder={t('rolesUi.name_placeholder')} maxLength={100} autoFocus />
        </Form.Item>
        <div className="form-actions">
          <SubmitButton pending={submit.pending} testId="role-name-submit">
            {t('rolesUi.save')}
          </SubmitButton>
          <Button onClick={onClose}>{t('rolesUi.cancel')}</Button>
        </div>
      </Form>
    </Modal>
  );
}

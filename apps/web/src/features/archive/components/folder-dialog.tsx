import type { TArchiveItem } from '@portal/shared/schemas/archive';
import { suggestShortName } from '@portal/shared/schemas/archive-rules';
import { Button, Form, Input, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button';
import { lazyZodRule, useFormSubmit, useSchemas } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { checkShortName, useCreateFolder, useRenameItem } from '../api/archive-api';

type Values = { name: string; short_name: string };
type Check = { state: 'idle' | 'checking' | 'free' | 'taken' | 'failed'; text?: string };

type Props = {
  open: boolean;
  /** The folder the new folder goes in, or the renamed item's folder (0: the root). */
  folderId: number;
  /** Present to rename; absent to create a folder. */
  item?: Pick<TArchiveItem, 'id' | 'name' | 'short_name' | 'kind'> | null;
  onClose: () => void;
};

const schemas = () => import('@portal/shared/schemas/archive');

/**
 * Create a folder or rename an item: a display name (any language) and a short name of one
 * strict shape, suggested from the name while it has not been typed by hand and checked with
 * the server as it is typed (is it free in this folder?). The server checks it all again.
 */
export function FolderDialog({ open, folderId, item, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateFolder();
  const rename = useRenameItem();
  const load = useSchemas(schemas);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const typedShortName = useRef(false);
  const shortName = Form.useWatch('short_name', form);

  useEffect(() => {
    if (!open) return;
    typedShortName.current = Boolean(item);
    form.setFieldsValue({ name: item?.name ?? '', short_name: item?.short_name ?? '' });
    setCheck({ state: 'idle' });
  }, [open, item, form]);

  // The short name is asked about 300 ms after the last key; an older answer never wins.
  useEffect(() => {
    const value = (shortName ?? '').trim().toLowerCase();
    if (!open || value === '' || (item && value === item.short_name.toLowerCase())) {
      setCheck({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const { shortNameField } = await load();
      if (!shortNameField.safeParse(value).success) {
        setCheck({ state: 'idle' });
        return;
      }
      setCheck({ state: 'checking' });
      try {
        const answer = await checkShortName(folderId, value, item?.id, controller.signal);
        setCheck(
          answer.available ? { state: 'free' } : { state: 'taken', text: t('archive.validation.short_name_taken') },
        );
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setCheck({ state: 'failed' });
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [shortName, open, folderId, item, load, t]);

  const submit = useFormSubmit(form, async (values: Values) => {
    if (item) {
      await rename.mutateAsync({ id: item.id, name: values.name, short_name: values.short_name });
      toast.success(t('archive.messages.renamed'));
    } else {
      await create.mutateAsync({ parent_id: folderId, name: values.name, short_name: values.short_name });
      toast.success(t('archive.messages.folder_created'));
    }
    onClose();
  });

  const help =
    check.state === 'checking'
      ? t('archiveUi.folder_dialog.checking')
      : check.state === 'free'
        ? t('archiveUi.folder_dialog.available')
        : check.state === 'taken'
          ? check.text
          : undefined;

  return (
    <Modal
      open={open}
      title={item ? t('archiveUi.folder_dialog.rename_title') : t('archiveUi.folder_dialog.create_title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      forceRender
    >
      <Form
        form={form}
        name="archive-folder"
        layout="vertical"
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
        onValuesChange={(changed: Partial<Values>) => {
          if ('short_name' in changed) typedShortName.current = true;
          if ('name' in changed && !typedShortName.current) {
            form.setFieldsValue({ short_name: suggestShortName(changed.name ?? '') });
          }
        }}
        data-testid="archive-folder-form"
      >
        <Form.Item
          name="name"
          label={t('archiveUi.folder_dialog.name')}
          rules={[lazyZodRule(async () => (await load()).displayNameField)]}
          required
        >
          <Input placeholder={t('archiveUi.folder_dialog.name_placeholder')} maxLength={255} autoFocus />
        </Form.Item>
        <Form.Item
          name="short_name"
          label={t('archiveUi.folder_dialog.short_name')}
          extra={t('archiveUi.folder_dialog.short_name_hint')}
          rules={[lazyZodRule(async () => (await load()).shortNameField)]}
          validateStatus={
            check.state === 'taken'
              ? 'error'
              : check.state === 'free'
                ? 'success'
                : check.state === 'checking'
                  ? 'validating'
                  : undefined
          }
          help={help}
          // Always: toggling it re-mounts the input (with its suffix), which would lose the focus mid-word.
          hasFeedback
          required
        >
          <Input dir="ltr" maxLength={100} autoComplete="off" spellCheck={false} data-testid="archive-short-name" />
        </Form.Item>
        <div className="form-actions">
          <SubmitButton pending={submit.pending} disabled={check.state === 'taken'} testId="archive-folder-submit">
            {t('archiveUi.folder_dialog.save')}
          </SubmitButton>
          <Button onClick={onClose}>{t('archiveUi.folder_dialog.cancel')}</Button>
        </div>
      </Form>
    </Modal>
  );
}

import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { TOAST_SECONDS } from '@portal/shared/constants';
import { PHOTO_EXTENSIONS, PHOTO_MAX_BYTES } from '@portal/shared/schemas/users';
import { Button, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/layout/default-avatar';
import { UserPhoto } from '../../../components/layout/user-photo';
import { toast } from '../../../lib/toast';

/** jpg, jpeg or png by name and type, at most 512 KB: the server checks the bytes again. */
export function photoProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = !file.type || file.type === 'image/png' || file.type === 'image/jpeg';
  if (!(PHOTO_EXTENSIONS as readonly string[]).includes(extension) || !typeOk) return 'users.errors.photo_type';
  if (file.size > PHOTO_MAX_BYTES) return 'users.errors.photo_too_large';
  return null;
}

type Props = {
  /** The photo on record (edit), shown until another is chosen. */
  current?: { name: string; photo_url: string | null; image: string | null };
  value: File | null;
  onChange: (file: File | null) => void;
  name: string;
};

/** Chooses a profile photo; it is uploaded after the user's data is saved. */
export function PhotoPicker({ current, value, onChange, name }: Props) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  return (
    <div className="photo-picker">
      {preview ? (
        <UserAvatar src={preview} name={name} size={88} />
      ) : current ? (
        <UserPhoto user={current} size={88} />
      ) : (
        <UserAvatar src={null} name={name} size={88} />
      )}
      <div className="photo-picker-actions">
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            const problem = photoProblem(file);
            if (problem) toast.error(t(problem), TOAST_SECONDS);
            else onChange(file);
            // Never upload on pick: the form sends it after saving the user.
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="photo-choose">
            {t('usersUi.form.photo_choose')}
          </Button>
        </Upload>
        {value && (
          <Button type="text" icon={<CloseOutlined />} onClick={() => onChange(null)}>
            {t('usersUi.form.photo_remove')}
          </Button>
        )}
        <span className="muted photo-picker-hint">{t('usersUi.form.photo_hint')}</span>
      </div>
    </div>
  );
}

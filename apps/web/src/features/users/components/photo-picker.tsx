import { PHOTO_EXTENSIONS, PHOTO_MAX_BYTES } from '@portal/shared/users-rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField, type FileRule, fileProblem } from '../../../components/forms/file-field';
import { UserAvatar } from '../../../components/layout/default-avatar';
import { UserPhoto } from '../../../components/layout/user-photo';
import { formatFileSize } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** jpg, jpeg or png by name and type, at most 512 KB, said in the photo's own words; the server checks the bytes again. */
export const PHOTO_RULE: FileRule = {
  extensions: PHOTO_EXTENSIONS,
  mimeTypes: ['image/jpeg', 'image/png'],
  maxBytes: PHOTO_MAX_BYTES,
  messages: { type: 'users.errors.photo_type', size: 'files.photo_too_large' },
};

/** The catalogue key of why a photo is refused, or null. */
export function photoProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  return fileProblem(file, PHOTO_RULE)?.key ?? null;
}

type Props = {
  /** The photo on record (edit), shown until another is chosen. */
  current?: { name: string; photo_url: string | null; image: string | null };
  value: File | null;
  onChange: (file: File | null) => void;
  name: string;
  /** Upload progress (0–100) while the photo is sent after the save. */
  progress?: number | null;
  id?: string;
};

/** Chooses a profile photo (the shared FileField with an avatar preview); it is uploaded after the user's data is saved. */
export function PhotoPicker({ current, value, onChange, name, progress, id }: Props) {
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
    <FileField
      {...PHOTO_RULE}
      id={id}
      value={value}
      onChange={onChange}
      progress={progress}
      hideName
      chooseLabel={t('usersUi.form.photo_choose')}
      hint={t('usersUi.form.photo_hint', { size: formatFileSize(PHOTO_MAX_BYTES, currentLanguage()) })}
      testId="photo"
      preview={
        preview ? (
          <UserAvatar src={preview} name={name} size={88} />
        ) : current ? (
          <UserPhoto user={current} size={88} />
        ) : (
          <UserAvatar src={null} name={name} size={88} />
        )
      }
    />
  );
}

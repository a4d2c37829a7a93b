import {
  ARCHIVE_CONTENT_MAX_LENGTH,
  ARCHIVE_LANGUAGES,
  type ArchiveLanguage,
} from '@portal/shared/schemas/archive-rules';
import { Button, Input, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/layout/panel';
import { usePendingGuard } from '../../../lib/pending-guard';
import { toast, toastApiError } from '../../../lib/toast';
import { useArchivePage, useSaveContent } from '../api/archive-api';

/** One language's text: shown as typed (plain text, never HTML), editable by archive.put holders. */
function LanguageText({
  folderId,
  language,
  canEdit,
}: {
  folderId: number;
  language: ArchiveLanguage;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const page = useArchivePage(folderId, language);
  const save = useSaveContent(folderId);
  const [draft, setDraft] = useState<string | null>(null);
  const dir = language === 'ar' ? 'rtl' : 'ltr';

  const { run, pending } = usePendingGuard(async () => {
    try {
      const saved = await save.mutateAsync({ language, content: draft ?? '' });
      setDraft(null);
      toast.success(t('archiveUi.content.saved'));
      return saved;
    } catch (error) {
      toastApiError(error);
    }
  });

  if (page.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const text = page.data?.content ?? '';
  if (draft !== null) {
    return (
      <div className="archive-content-edit">
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          dir={dir}
          lang={language}
          autoSize={{ minRows: 4, maxRows: 16 }}
          maxLength={ARCHIVE_CONTENT_MAX_LENGTH}
          showCount
          placeholder={t('archiveUi.content.placeholder')}
          aria-label={t(`archiveUi.content.${language}`)}
          data-testid={`archive-content-${language}`}
        />
        <div className="form-actions">
          <Button
            type="primary"
            loading={pending}
            onClick={() => void run()}
            data-testid={`archive-content-save-${language}`}
          >
            {t('archiveUi.content.save')}
          </Button>
          <Button onClick={() => setDraft(null)}>{t('archiveUi.folder_dialog.cancel')}</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="archive-content-view">
      {text ? (
        <p className="archive-content-text" dir={dir} lang={language}>
          {text}
        </p>
      ) : (
        <p className="muted">{t('archiveUi.content.empty')}</p>
      )}
      {canEdit && (
        <Button onClick={() => setDraft(text)} data-testid={`archive-content-edit-${language}`}>
          {t('archiveUi.content.edit')}
        </Button>
      )}
    </div>
  );
}

/** A folder's page text per language (SPEC §3 "content, language"): two tabs, Arabic first and right to left. */
export function ContentEditor({ folderId, canEdit }: { folderId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('archiveUi.content.title')} className="archive-content" testId="archive-content">
      <Tabs
        items={ARCHIVE_LANGUAGES.map((language) => ({
          key: language,
          label: <span lang={language}>{t(`archiveUi.content.${language}`)}</span>,
          children: <LanguageText folderId={folderId} language={language} canEdit={canEdit} />,
        }))}
      />
    </Panel>
  );
}

import type { Locale } from '@portal/shared/constants';
import { Alert, Button, Form, Input, Skeleton, Tabs, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { lazyZodRule, showSaveError } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { usePendingGuard } from '../../../lib/pending-guard';
import { toast } from '../../../lib/toast';
import { useSaveTerms, useTerms } from '../api/terms-api';
import '../../settings/settings.css';

/** The longest text, as packages/shared/src/schemas/terms.ts and the database have it. */
const TERMS_MAX_LENGTH = 20_000;

const termsRule = lazyZodRule(
  async () => (await import('@portal/shared/schemas/terms')).ZUpdateTermsRequest.shape.terms,
);

/** One language's text: written in its own direction, saved as a new version. */
function TermsLanguageForm({ lang }: { lang: Locale }) {
  const { t } = useTranslation();
  const uiLang = currentLanguage();
  const terms = useTerms(lang);
  const save = useSaveTerms();
  const [form] = Form.useForm<{ terms: string }>();
  const saved = terms.data?.terms ?? '';
  const current = Form.useWatch('terms', form);
  const changed = current !== undefined && current.trim() !== saved;

  useEffect(() => {
    if (terms.data) form.setFieldsValue({ terms: terms.data.terms });
  }, [form, terms.data]);

  const submit = usePendingGuard(async ({ terms: text }: { terms: string }) => {
    try {
      await save.mutateAsync({ lang, terms: text });
      toast.success(t('terms.messages.saved'));
    } catch (error) {
      showSaveError(form, error, { fields: ['terms'] });
    }
  });

  if (terms.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (terms.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('termsUi.load_failed')}
        action={<Button onClick={() => void terms.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <Form form={form} layout="vertical" name={`terms-${lang}`} onFinish={(v) => void submit.run(v)}>
      <Form.Item
        name="terms"
        label={t(`termsUi.text_${lang}`)}
        rules={[termsRule]}
        className="terms-editor"
        extra={
          terms.data?.updated_at
            ? t('termsUi.updated_at', { date: formatDateTime(terms.data.updated_at, uiLang) })
            : undefined
        }
      >
        <Input.TextArea
          dir={lang === 'ar' ? 'rtl' : 'ltr'}
          lang={lang}
          maxLength={TERMS_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 12, maxRows: 28 }}
        />
      </Form.Item>
      <div className="form-actions">
        <Button
          type="primary"
          htmlType="submit"
          loading={submit.pending}
          disabled={submit.pending || !changed}
          data-testid={`terms-save-${lang}`}
        >
          {t('termsUi.save')}
        </Button>
        {changed && <Tag color="warning">{t('termsUi.unsaved')}</Tag>}
      </div>
    </Form>
  );
}

/**
 * /terms (SPEC §2): the terms and conditions in Arabic and English, one tab each. A save keeps
 * the earlier text as a version (customers who accepted it keep pointing at it), and new
 * registrations show the saved text at once.
 */
export function TermsEditor() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'ar', label: t('termsUi.tab_ar'), children: <TermsLanguageForm lang="ar" /> },
        { key: 'en', label: t('termsUi.tab_en'), children: <TermsLanguageForm lang="en" /> },
      ]}
    />
  );
}

import { DeleteOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { TAssociation } from '@portal/shared/schemas/associations';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../components/data-table/row-actions';
import { useDeleteAssociation, useStartAssociation } from '../api/associations-api';

type Props = {
  association: TAssociation;
  /** The button's words (the association's page); a list row shows the icon alone. */
  text?: string;
  /** The accessible name; by default the action with the association's title. */
  label?: string;
  testId: string;
};

/** Force start (SPEC §4) after its confirmation: the same question on the list and on the page. */
export function StartAssociation({ association, text, label, testId }: Props) {
  const { t } = useTranslation();
  const start = useStartAssociation();
  return (
    <ConfirmAction
      primary
      icon={<PlayCircleOutlined />}
      text={text}
      label={label ?? t('associationsUi.start', { title: association.title })}
      testId={testId}
      confirm={{
        title: t('associationsUi.start_confirm_title'),
        description: t('associationsUi.start_confirm', { title: association.title }),
        ok: t('associationsUi.start_yes'),
        cancel: t('associationsUi.confirm_no'),
      }}
      run={() => start.mutateAsync(association.id)}
      success={t('associations.messages.started')}
      failure={t('associationsUi.start_failed')}
      cancelled={t('associationsUi.cancelled')}
    />
  );
}

/** Delete after its confirmation; `onDeleted` runs once the server has deleted it. */
export function DeleteAssociation({ association, text, label, testId, onDeleted }: Props & { onDeleted?: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAssociation();
  return (
    <ConfirmAction
      danger
      icon={<DeleteOutlined />}
      text={text}
      label={label ?? t('associationsUi.delete', { title: association.title })}
      testId={testId}
      confirm={{
        title: t('associationsUi.delete_confirm_title'),
        description: t('associationsUi.delete_confirm', { title: association.title }),
        ok: t('associationsUi.delete_yes'),
        cancel: t('associationsUi.confirm_no'),
      }}
      run={async () => {
        await remove.mutateAsync(association.id);
        onDeleted?.();
      }}
      success={t('associations.messages.deleted')}
      failure={t('associationsUi.delete_failed')}
      cancelled={t('associationsUi.cancelled')}
    />
  );
}

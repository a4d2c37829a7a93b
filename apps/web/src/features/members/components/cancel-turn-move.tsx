import { CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../components/data-table/row-actions';
import { formatId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCancelTurnMove } from '../api/members-api';

/**
 * Withdraw my turn-move request while it is in review, after a confirmation that says what stays
 * (my current day). Staff may decide it meanwhile: the refusal names the status it reached, and
 * the screen refreshes to show it.
 */
export function CancelTurnMove({ id, toDay, fromDay }: { id: number; toDay: number; fromDay: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const cancel = useCancelTurnMove();
  return (
    <ConfirmAction
      danger
      icon={<CloseCircleOutlined aria-hidden="true" />}
      text={t('membersUi.move.cancel_request')}
      label={t('membersUi.move.cancel_label', { day: formatId(toDay, lang) })}
      testId={`turn-move-cancel-${id}`}
      confirm={{
        title: t('membersUi.move.cancel_confirm_title'),
        description: t('membersUi.move.cancel_confirm', { day: formatId(fromDay, lang) }),
        ok: t('membersUi.move.cancel_yes'),
        cancel: t('membersUi.move.cancel_no'),
      }}
      run={() => cancel.mutateAsync(id)}
      success={t('turn_moves.messages.cancelled')}
      failure={t('membersUi.move.cancel_failed')}
    />
  );
}

import { ASSOCIATION_COSTS } from '@portal/shared/constants';
import { useTranslation } from 'react-i18next';
import type { CustomFilterField } from '../../../components/data-table/table-filters';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/**
 * One end of the cost range filter (cost_min or cost_max): a native select of the six costs
 * (SPEC §9), each written as money in the UI language.
 */
export function CostFilter({ id, value, onChange }: CustomFilterField) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <select
      id={id}
      className="dt-input dt-select"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
    >
      <option value="">{t('table.all')}</option>
      {ASSOCIATION_COSTS.map((cost) => (
        <option key={cost} value={String(cost)}>
          {formatMoney(cost, lang)}
        </option>
      ))}
    </select>
  );
}

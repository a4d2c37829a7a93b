import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import './associations.css';

/** An association in a list of subscriptions or installments: its title (a link) and, under it, its cost. */
export function AssociationCell({
  association,
  showCost = true,
}: {
  association: { id: number; title: string; cost: number };
  showCost?: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <span className="association-cell">
      <Link to={paths.association(association.id)}>{association.title}</Link>
      {showCost && (
        <span className="muted association-cell-cost">
          {t('associationsUi.cost_each', { amount: formatMoney(association.cost, lang) })}
        </span>
      )}
    </span>
  );
}

import type { PaymentStatus } from '@portal/shared/schemas/associations';
import { useTranslation } from 'react-i18next';
import type { BadgeColor } from '../../../components/data-table/columns';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** SPEC §3 status badge: future primary, received success, late danger. */
export const PAYMENT_COLORS: Record<PaymentStatus, BadgeColor> = {
  future: 'processing',
  received: 'success',
  late: 'error',
  cancelled: 'default',
};

/** "5 days late" under a late installment's badge (SPEC: a late payment shows how many days late). */
export function DaysLate({ days }: { days: number }) {
  const { t } = useTranslation();
  if (days <= 0) return null;
  return (
    <span className="payment-days-late">
      {t('paymentsUi.days_late', { count: days, formatted: formatNumber(days, currentLanguage()) })}
    </span>
  );
}

import type { ReceiptMethod } from '@portal/shared/schemas/ledger';
import { useTranslation } from 'react-i18next';
import { useDigits } from '../../../lib/digits';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/**
 * An amount in EGP as every money screen shows it: the one formatter, isolated from the text around
 * it; `signed`: "+100.00" for money in (a negative amount always says "-", where the locale puts it).
 */
export function Money({
  amount,
  testId,
  className,
  signed = false,
}: {
  amount: number;
  testId?: string;
  className?: string;
  signed?: boolean;
}) {
  useTranslation();
  return (
    <bdi className={['money', className].filter(Boolean).join(' ')} data-testid={testId}>
      {formatMoney(amount, currentLanguage(), { signed })}
    </bdi>
  );
}

/** How money came in (cash, bank transfer, InstaPay, mobile wallet, Fawry, deducted from the payout). */
export function MethodText({ method }: { method: ReceiptMethod | null | undefined }) {
  const { t } = useTranslation();
  return <>{method ? t(`ledger.methods.${method}`) : '—'}</>;
}

/** A reference typed by a person (a bank's, Fawry's): left to right in any language. */
export function ReferenceText({ value }: { value: string | null | undefined }) {
  return value ? <bdi dir="ltr">{value}</bdi> : <>—</>;
}

/** A receipt's number (R-2027-000123), left to right, in the digits the UI shows. */
export function ReceiptNumber({ number, className }: { number: string; className?: string }) {
  const digits = useDigits();
  return (
    <bdi dir="ltr" className={className}>
      {digits(number)}
    </bdi>
  );
}

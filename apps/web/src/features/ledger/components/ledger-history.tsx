import { PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import type { LedgerEntryKind, TLedgerEntry, TSubscriptionLedger } from '@portal/shared/schemas/ledger';
import { Alert, Button, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Phone } from '../../../components/data-table/columns';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { localizeDigits } from '../../../lib/digits';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { type ReversalTarget, usePayout } from '../api/ledger-api';
import { MethodText, Money, ReceiptNumber, ReferenceText } from './money';
import './ledger.css';

// The reversal's dialog (a form) downloads when it is first opened.
const ReverseDialog = lazy(() => import('./reverse-dialog'));

const KIND_COLORS: Record<LedgerEntryKind, string> = {
  receipt: 'success',
  payout: 'warning',
  refund: 'warning',
  reversal: 'error',
  withdrawal: 'default',
  replacement: 'processing',
};

/** Money in, money out, an undoing or a change of member: the entry's stripe. */
const KIND_CLASS: Record<LedgerEntryKind, string> = {
  receipt: 'ledger-entry-in',
  payout: 'ledger-entry-out',
  refund: 'ledger-entry-out',
  reversal: 'ledger-entry-undo',
  withdrawal: 'ledger-entry-change',
  replacement: 'ledger-entry-change',
};

function Person({ person }: { person: { name: string; phone?: string } | null }) {
  if (!person) return <>—</>;
  return (
    <>
      <bdi>{person.name}</bdi>
      {person.phone ? (
        <>
          {' · '}
          <Phone value={person.phone} />
        </>
      ) : null}
    </>
  );
}

/** A payout's deduction and net (the history lists its gross): from the payout itself. */
function PayoutSplit({ id }: { id: number }) {
  const { t } = useTranslation();
  const payout = usePayout(id);
  if (!payout.data || payout.data.deducted === 0) return null;
  return (
    <>
      <div>
        <dt>{t('ledger.labels.deducted')}:</dt>
        <dd>
          <Money amount={payout.data.deducted} />
        </dd>
      </div>
      <div>
        <dt>{t('ledgerUi.reverse.net_paid')}:</dt>
        <dd>
          <Money amount={payout.data.net} testId={`ledger-payout-net-${id}`} />
        </dd>
      </div>
    </>
  );
}

/** What a reversal undid, in words: "receipt R-2027-000012", "the payout of 12 Mar 2027". */
function targetText(entry: TLedgerEntry, entries: readonly TLedgerEntry[], t: TFunction): string {
  const target = entry.target;
  if (!target) return '—';
  const lang = currentLanguage();
  const undone = entries.find((e) => e.kind === target.kind && e.id === target.id);
  if (target.kind === 'receipt') {
    return t('ledgerUi.history.undid_receipt', { number: localizeDigits(undone?.number ?? '', lang) });
  }
  return t(`ledgerUi.history.undid_${target.kind}`, { date: formatDate(undone?.date, lang) });
}

function EntryDetails({ entry, entries }: { entry: TLedgerEntry; entries: readonly TLedgerEntry[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const items: [string, ReactNode][] = [];
  switch (entry.kind) {
    case 'receipt':
      items.push(
        [t('ledgerUi.history.paid_by'), <Person key="p" person={entry.member} />],
        [t('ledgerUi.receive.method'), <MethodText key="m" method={entry.method} />],
        [t('associations.columns.reference'), <ReferenceText key="r" value={entry.reference} />],
        [t('ledgerUi.receive.received_on'), formatDate(entry.date, lang)],
      );
      break;
    case 'payout':
    case 'refund':
      items.push(
        [t('ledgerUi.history.received_by'), <Person key="p" person={entry.member} />],
        [t('associations.columns.transfer_reference'), <ReferenceText key="r" value={entry.reference} />],
        [t('subscriptionsUi.payout.date'), formatDate(entry.date, lang)],
      );
      break;
    case 'reversal':
      items.push(
        [t('ledgerUi.history.undid'), targetText(entry, entries, t)],
        [t('ledger.labels.reason'), entry.reason ?? '—'],
      );
      break;
    case 'withdrawal':
      items.push(
        [t('ledgerUi.history.left'), <Person key="p" person={entry.member} />],
        [t('ledger.labels.reason'), entry.reason ?? '—'],
      );
      break;
    case 'replacement':
      items.push(
        [t('ledgerUi.history.from'), <Person key="f" person={entry.previous_member} />],
        [t('ledgerUi.history.to'), <Person key="t" person={entry.member} />],
        [t('ledger.labels.reason'), entry.reason ?? '—'],
      );
      break;
  }
  items.push([t('ledger.labels.recorded_by'), entry.recorded_by?.name ?? '—']);
  return (
    <dl className="ledger-entry-details">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}:</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {entry.kind === 'payout' && <PayoutSplit id={entry.id} />}
    </dl>
  );
}

function Entry({
  entry,
  entries,
  canReverse,
  onReverse,
}: {
  entry: TLedgerEntry;
  entries: readonly TLedgerEntry[];
  canReverse: boolean;
  onReverse: (target: ReversalTarget) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const money = entry.kind === 'receipt' || entry.kind === 'payout' || entry.kind === 'refund';
  const reversible =
    canReverse && money && !entry.reversed && !(entry.kind === 'receipt' && entry.method === 'payout_deduction');
  // Money in (+), money out (−); a reversal or a change of member moves none by itself.
  const out = entry.kind === 'payout' || entry.kind === 'refund';
  const name =
    entry.kind === 'receipt' && entry.number
      ? t('ledgerUi.history.receipt_named', { number: entry.number })
      : t(`ledger.kinds.${entry.kind}`);
  return (
    <li
      className={`ledger-entry ${KIND_CLASS[entry.kind]}${entry.reversed ? ' is-reversed' : ''}`}
      data-testid={`ledger-${entry.kind}-${entry.id}`}
    >
      <div className="ledger-entry-head">
        <Tag color={KIND_COLORS[entry.kind]}>{t(`ledger.kinds.${entry.kind}`)}</Tag>
        {entry.number && <ReceiptNumber number={entry.number} className="money-receipt-number" />}
        {entry.reversed && (
          <Tag color="error" data-testid={`ledger-reversed-${entry.kind}-${entry.id}`}>
            {t('ledger.labels.reversed')}
          </Tag>
        )}
        <span className="muted">{formatDateTime(entry.at, lang)}</span>
      </div>
      <div className="ledger-entry-amount">
        {entry.amount !== null && <Money amount={out ? -entry.amount : entry.amount} signed={money} />}
      </div>
      <EntryDetails entry={entry} entries={entries} />
      {(reversible || entry.kind === 'receipt') && (
        <div className="ledger-entry-actions">
          {entry.kind === 'receipt' && (
            <Link
              to={paths.receiptPrint(entry.id)}
              aria-label={t('ledgerUi.receipt.print_number', { number: entry.number ?? '' })}
              data-testid={`ledger-print-${entry.id}`}
            >
              <Button size="small" icon={<PrinterOutlined />} tabIndex={-1}>
                {t('ledgerUi.receipt.print')}
              </Button>
            </Link>
          )}
          {reversible && (
            <Button
              size="small"
              danger
              icon={<RollbackOutlined />}
              onClick={() => onReverse({ kind: entry.kind === 'receipt' ? 'receipt' : 'payout', id: entry.id })}
              aria-label={t('ledgerUi.reverse.action_named', { name })}
              data-testid={`ledger-reverse-${entry.kind}-${entry.id}`}
            >
              {t('ledgerUi.reverse.action')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * A subscription's money history (GET /subscriptions/{id}/ledger), oldest first as a ledger book
 * reads: receipts (who paid, how, the reference), payouts and refunds (who received them, the
 * deduction and the net), reversals (what they undid and why), the withdrawal and replacements
 * (from whom to whom, why), each with who recorded it. A reversed record stays, struck through.
 * Staff with payments.reverse reverse a receipt, a payout or a refund from its line.
 */
export function LedgerHistory({ ledger }: { ledger: TSubscriptionLedger }) {
  const { t } = useTranslation();
  const can = useCan();
  const [reversing, setReversing] = useState<ReversalTarget | null>(null);
  if (ledger.entries.length === 0) {
    return <Alert type="info" showIcon title={t('ledgerUi.history.empty')} data-testid="ledger-empty" />;
  }
  return (
    <>
      <ol className="ledger-history" aria-label={t('ledgerUi.history.title')} data-testid="ledger-history">
        {ledger.entries.map((entry) => (
          <Entry
            key={`${entry.kind}-${entry.id}`}
            entry={entry}
            entries={ledger.entries}
            canReverse={can('payments.reverse')}
            onReverse={setReversing}
          />
        ))}
      </ol>
      {reversing && (
        <Suspense fallback={null}>
          <ReverseDialog target={reversing} onClose={() => setReversing(null)} />
        </Suspense>
      )}
    </>
  );
}

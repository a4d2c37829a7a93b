import type { TCashFigures } from '@portal/shared/schemas/reports';
import { Alert, Button, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatNumber, isolated } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import '../reports.css';

/**
 * An amount inside a sentence, isolated (U+2068 … U+2069) as a figure's <bdi> is: the sentence's
 * direction never moves its sign or its currency ("-1,500.00 ج.م." reads as in the figures), and
 * it never breaks across lines (no break after its minus sign, nor at its spaces).
 */
export function inText(amount: string): string {
  return isolated(amount.replace(/-/g, '-\u2060').replace(/ /g, '\u00a0'));
}

/** An amount in EGP, in the UI's language and digits, kept whole in either direction. */
export function Egp({ amount }: { amount: number }) {
  useTranslation();
  return <bdi className="money">{formatMoney(amount, currentLanguage())}</bdi>;
}

type FigureProps = {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  tone?: 'negative' | 'warning';
  testId: string;
  children?: ReactNode;
};

/** One figure: its name, its value and a line saying what it holds (a term and its descriptions). */
function Figure({ label, value, detail, tone, testId, children }: FigureProps) {
  return (
    <div className={tone ? `cash-figure cash-figure-${tone}` : 'cash-figure'} data-testid={testId}>
      <dt className="cash-figure-label">{label}</dt>
      <dd className="cash-figure-value" data-testid={`${testId}-value`}>
        {value}
      </dd>
      {detail && <dd className="cash-figure-detail">{detail}</dd>}
      {children}
    </div>
  );
}

/**
 * The figures of an association, or of all of them (issue 20 §4, decision 0030): cash position
 * first (marked "shortfall" in words when below zero, not by colour alone), then what came in, what
 * went out, the fill, the members, the arrears and the payouts.
 */
export function CashFigures({ figures }: { figures: TCashFigures }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const count = (n: number) => formatNumber(n, lang);
  const negative = figures.cash_position < 0;
  const percent = formatNumber(figures.fill_rate, lang, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <dl className="cash-figures" aria-label={t('cashReport.figures.label')}>
      <Figure
        label={t('cashReport.figures.cash_position')}
        testId="figure-cash"
        tone={negative ? 'negative' : undefined}
        value={
          <>
            <Egp amount={figures.cash_position} />
            {negative && (
              <Tag color="error" className="cash-shortfall">
                {t('cashReport.figures.shortfall')}
              </Tag>
            )}
          </>
        }
        detail={t('cashReport.figures.cash_hint')}
      />
      <Figure
        label={t('cashReport.figures.collected')}
        testId="figure-collected"
        value={<Egp amount={figures.collected} />}
      />
      <Figure
        label={t('cashReport.figures.paid_out')}
        testId="figure-paid-out"
        value={<Egp amount={figures.paid_out} />}
        detail={
          figures.deducted > 0
            ? t('cashReport.figures.deducted', { amount: inText(formatMoney(figures.deducted, lang)) })
            : undefined
        }
      />
      <Figure
        label={t('cashReport.figures.refunds')}
        testId="figure-refunds"
        value={<Egp amount={figures.refunds} />}
      />
      <Figure
        label={t('cashReport.figures.fill')}
        testId="figure-fill"
        value={<bdi>{percent}</bdi>}
        detail={t('cashReport.figures.fill_days', {
          held: count(figures.days_held),
          total: count(figures.days_total),
        })}
      >
        <dd className="cash-fill-bar" aria-hidden="true">
          <span style={{ inlineSize: `${Math.min(100, figures.fill_rate * 100)}%` }} />
        </dd>
      </Figure>
      <Figure
        label={t('cashReport.figures.members')}
        testId="figure-members"
        value={count(figures.members)}
        detail={t('cashReport.figures.members_hint')}
      />
      <Figure
        label={t('cashReport.figures.arrears')}
        testId="figure-arrears"
        tone={figures.arrears.count > 0 ? 'warning' : undefined}
        value={<Egp amount={figures.arrears.sum} />}
        detail={
          figures.arrears.count === 0 ? (
            t('cashReport.figures.arrears_none')
          ) : (
            <>
              <span className="cash-figure-line">
                {t('cashReport.figures.arrears_detail', {
                  count: count(figures.arrears.count),
                  members: count(figures.arrears.members),
                })}
              </span>
              {figures.arrears.oldest && (
                <span className="cash-figure-line">
                  {t('cashReport.figures.arrears_oldest', { date: formatDate(figures.arrears.oldest, lang) })}
                </span>
              )}
            </>
          )
        }
      />
      <Figure
        label={t('cashReport.figures.payouts_made')}
        testId="figure-payouts-made"
        value={<Egp amount={figures.payouts_made.sum} />}
        detail={t('cashReport.figures.payouts_count', { count: count(figures.payouts_made.count) })}
      />
      <Figure
        label={t('cashReport.figures.payouts_due')}
        testId="figure-payouts-due"
        tone={figures.payouts_due.count > 0 ? 'warning' : undefined}
        value={<Egp amount={figures.payouts_due.sum} />}
        detail={t('cashReport.figures.payouts_count', { count: count(figures.payouts_due.count) })}
      />
    </dl>
  );
}

/** While the figures load: the grid's shape, so nothing moves when they arrive. */
export function CashFiguresSkeleton() {
  return (
    <div className="cash-figures" aria-hidden="true">
      {Array.from({ length: 9 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div className="cash-figure" key={i}>
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        </div>
      ))}
    </div>
  );
}

/** A failed read, said on the screen with a way to try again (no silent retries). */
export function FiguresError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('cashReport.error')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
      data-testid="cash-error"
    />
  );
}

import type { TMemberBalance } from '@portal/shared/schemas/reports';
import { Card, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportButton } from '../../../components/data-table/export-button';
import { paths } from '../../../config/paths';
import { useDigits } from '../../../lib/digits';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useMemberBalance } from '../api/reports-api';
import { CashFiguresSkeleton, Egp, FiguresError, inText } from './cash-figures';

type Props = {
  /** Whose: a user's id (staff, payments.index) or `me` (the member, GET /me/balance). */
  who: number | 'me';
  /** Links each subscription to its association (staff); a member has no such screen. */
  linkAssociations?: boolean;
};

function Figures({ balance, mine }: { balance: TMemberBalance; mine: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const late = balance.late.count > 0;
  return (
    <dl className="cash-figures balance-figures">
      <div className="cash-figure" data-testid="balance-paid">
        <dt className="cash-figure-label">{t('cashReport.balance.paid')}</dt>
        <dd className="cash-figure-value" data-testid="balance-paid-value">
          <Egp amount={balance.paid} />
        </dd>
      </div>
      <div className="cash-figure" data-testid="balance-received">
        <dt className="cash-figure-label">{t('cashReport.balance.received')}</dt>
        <dd className="cash-figure-value" data-testid="balance-received-value">
          <Egp amount={balance.received} />
        </dd>
        <dd className="cash-figure-detail">{t('cashReport.balance.received_hint')}</dd>
      </div>
      <div className="cash-figure" data-testid="balance-owed">
        <dt className="cash-figure-label">{t(mine ? 'cashReport.balance.owed_mine' : 'cashReport.balance.owed')}</dt>
        <dd className="cash-figure-value" data-testid="balance-owed-value">
          <Egp amount={balance.owed.sum} />
        </dd>
        <dd className="cash-figure-detail">
          {t('cashReport.balance.owed_detail', { count: formatNumber(balance.owed.count, lang) })}
        </dd>
      </div>
      <div className={late ? 'cash-figure cash-figure-warning' : 'cash-figure'} data-testid="balance-late">
        <dt className="cash-figure-label">{t('cashReport.balance.late')}</dt>
        <dd className="cash-figure-value" data-testid="balance-late-value">
          <Egp amount={balance.late.sum} />
        </dd>
        <dd className="cash-figure-detail">
          {late
            ? t('cashReport.balance.late_detail', {
                count: formatNumber(balance.late.count, lang),
                date: formatDate(balance.late.oldest, lang),
              })
            : t('cashReport.balance.late_none')}
        </dd>
      </div>
    </dl>
  );
}

function Lines({ balance, linkAssociations }: { balance: TMemberBalance; linkAssociations: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const digits = useDigits();
  const labels = {
    paid: t('cashReport.balance.paid'),
    received: t('cashReport.balance.received'),
    owed: t('cashReport.balance.owed'),
    late: t('cashReport.balance.late'),
    day: t('cashReport.balance.day'),
  };
  return (
    <div className="balance-lines">
      <table data-testid="balance-lines">
        <caption>{t('cashReport.balance.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('cashReport.balance.association')}</th>
            <th scope="col">{labels.day}</th>
            <th scope="col">{labels.paid}</th>
            <th scope="col">{labels.received}</th>
            <th scope="col">{labels.owed}</th>
            <th scope="col">{labels.late}</th>
          </tr>
        </thead>
        <tbody>
          {balance.lines.map((line) => (
            <tr key={line.subscription_id} data-testid={`balance-line-${line.subscription_id}`}>
              <th scope="row">
                {linkAssociations ? (
                  <Link to={paths.association(line.association.id)}>{line.association.title}</Link>
                ) : (
                  line.association.title
                )}{' '}
                <span className="cash-line-sub">
                  <bdi dir="ltr">{digits(line.association.code)}</bdi>
                </span>
                {line.status === 'cancelled' && <Tag>{t('cashReport.balance.withdrawn')}</Tag>}
                {!line.holder && <Tag>{t('cashReport.balance.replaced')}</Tag>}
              </th>
              <td data-label={labels.day}>
                {formatNumber(line.day_number, lang)}
                <span className="cash-line-sub">{formatDate(line.turn_date, lang)}</span>
              </td>
              <td className="balance-amount" data-label={labels.paid}>
                <Egp amount={line.paid} />
              </td>
              <td className="balance-amount" data-label={labels.received}>
                <Egp amount={line.received} />
              </td>
              <td className="balance-amount" data-label={labels.owed}>
                <Egp amount={line.owed.sum} />
              </td>
              <td className="balance-amount" data-label={labels.late}>
                <Egp amount={line.late.sum} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A member's balance across all their subscriptions (issue 20 §4, decision 0030): paid, received,
 * still owed and of that what is late, the payouts still to come, then each subscription's part,
 * and the export. On a staff member's view of a user and on the member's own profile (their own
 * figures only: GET /me/balance names no one). Loaded with its texts when the profile first shows it.
 */
export default function MemberBalanceCard({ who, linkAssociations = false }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const balance = useMemberBalance(who);
  const mine = who === 'me';
  const title = t(mine ? 'cashReport.balance.my_title' : 'cashReport.balance.title');
  let body = <CashFiguresSkeleton />;
  if (balance.isError) body = <FiguresError onRetry={() => void balance.refetch()} />;
  else if (balance.data) {
    const data = balance.data;
    body = (
      <>
        <p className="cash-as-of">{t('cashReport.as_of', { date: formatDate(data.as_of, lang) })}</p>
        <Figures balance={data} mine={mine} />
        {data.to_receive.count > 0 && (
          <p className="balance-to-receive" data-testid="balance-to-receive">
            {t('cashReport.balance.to_receive', {
              count: formatNumber(data.to_receive.count, lang),
              sum: inText(formatMoney(data.to_receive.sum, lang)),
            })}
          </p>
        )}
        {data.lines.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cashReport.balance.empty')} />
        ) : (
          <Lines balance={data} linkAssociations={linkAssociations} />
        )}
      </>
    );
  }
  return (
    <Card
      className="balance-card"
      data-testid="balance-card"
      title={<h2 className="cash-card-title">{title}</h2>}
      extra={
        balance.data && balance.data.lines.length > 0 ? (
          <ExportButton
            exportTo={{ path: mine ? '/me/balance/export' : `/users/${who}/balance/export`, name: 'balance' }}
            body={{}}
          />
        ) : undefined
      }
    >
      {body}
    </Card>
  );
}

import { ArrowLeftOutlined, ArrowRightOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useStatement } from '../api/members-api';
import { TransferBadge } from './badges';
import { dayText } from './day-text';
import { Bones } from './progress-bar';
import { StatementDocument } from './statement-document';
import { StatementPayout } from './statement-payout';
import { StatementSummary } from './statement-summary';
import { StatementTable } from './statement-table';
import '../members.css';

/**
 * True while the browser prints (Ctrl+P, or the print view's button): the page then renders the
 * whole statement as a document. flushSync, so the rows are in the page before the browser lays
 * out the print.
 */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

/**
 * كشف حساب (/my/subscriptions/:id/statement): the totals, then every installment a page at a time.
 * `?view=print` shows the printable document (every row, on A4) with a Print button; the
 * browser's "Save as PDF" gives the PDF. A subscription that is not mine is "not found", as one
 * that does not exist (the server answers both alike).
 */
export function StatementScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const printing = usePrinting();
  const query = useStatement(id);
  const printView = params.get('view') === 'print';
  const BackIcon = lang === 'en' ? ArrowLeftOutlined : ArrowRightOutlined;

  const setPrintView = (on: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('view', 'print');
        else next.delete('view');
        return next;
      },
      { replace: false },
    );

  if (query.isPending) {
    return (
      <section className="statement" aria-busy="true">
        <h1 className="page-title">{t('membersUi.statement.title')}</h1>
        <span className="visually-hidden">{t('common.loading')}</span>
        <div className="member-card">
          <Bones rows={6} />
        </div>
      </section>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <section className="member-card member-empty">
          <h1 className="page-title">{t('membersUi.statement.not_found')}</h1>
          <Link to={paths.myAssociations}>
            <Button type="primary" tabIndex={-1}>
              {t('membersUi.nav.associations')}
            </Button>
          </Link>
        </section>
      );
    }
    return (
      <section className="statement">
        <h1 className="page-title">{t('membersUi.statement.title')}</h1>
        <Alert
          type="error"
          showIcon
          title={t('membersUi.statement.load_failed')}
          action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      </section>
    );
  }

  const statement = query.data;
  const s = statement.subscription;
  return (
    <section className="statement" aria-labelledby="statement-title">
      <div className="statement-head no-print">
        <div>
          <h1 id="statement-title" className="page-title statement-title">
            {t('membersUi.statement.heading', { title: s.association.title })}
          </h1>
          <p className="statement-subtitle">
            <span>{dayText(t, s.day, lang)}</span>
            <span aria-hidden="true"> · </span>
            <span>
              {t('membersUi.subscriptions.payout')}: <bdi className="money">{formatMoney(s.amount, lang)}</bdi>
            </span>{' '}
            <TransferBadge status={s.transfer_status} />
          </p>
          <p className="muted statement-as-of">
            {t('membersUi.statement.as_of', { date: formatDate(statement.as_of, lang) })}
          </p>
        </div>
        <div className="statement-actions">
          {printView ? (
            <>
              <Button
                type="primary"
                icon={<PrinterOutlined aria-hidden="true" />}
                onClick={() => window.print()}
                data-testid="print"
              >
                {t('membersUi.statement.print')}
              </Button>
              <Button
                icon={<BackIcon aria-hidden="true" />}
                onClick={() => setPrintView(false)}
                data-testid="print-view-close"
              >
                {t('membersUi.statement.back_to_screen')}
              </Button>
            </>
          ) : (
            <Button
              icon={<PrinterOutlined aria-hidden="true" />}
              onClick={() => setPrintView(true)}
              data-testid="print-view"
            >
              {t('membersUi.statement.print_view')}
            </Button>
          )}
        </div>
      </div>
      {printView && (
        <Alert
          className="no-print statement-print-hint"
          type="info"
          showIcon
          title={t('membersUi.statement.print_hint')}
        />
      )}
      {printView || printing ? (
        <StatementDocument statement={statement} member={user} />
      ) : (
        <>
          <StatementSummary statement={statement} />
          <StatementPayout statement={statement} />
          <StatementTable statement={statement} version={query.dataUpdatedAt} />
        </>
      )}
    </section>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useMySubscriptions } from '../api/members-api';
import { Bones } from './progress-bar';
import { SubscriptionCard } from './subscription-card';
import '../members.css';

const SKELETONS = ['a', 'b'];

/** None of my subscriptions yet: the way to the open associations (the cards' and the profile tabs' empty state). */
export function NoSubscriptions() {
  const { t } = useTranslation();
  return (
    <div className="member-card member-empty" data-testid="subscriptions-empty">
      <p className="member-empty-title">{t('membersUi.subscriptions.empty_title')}</p>
      <p className="muted">{t('membersUi.subscriptions.empty_text')}</p>
      <Link to={paths.openAssociations}>
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} tabIndex={-1}>
          {t('membersUi.subscriptions.browse')}
        </Button>
      </Link>
    </div>
  );
}

/**
 * "My associations": one card per subscription, in turn-date order (the server's). While they load,
 * grey cards where they will be; a failed load says so with Retry; none yet leads to the open
 * associations.
 */
export function MySubscriptions({ level = 2 }: { level?: 2 | 3 }) {
  const { t } = useTranslation();
  const query = useMySubscriptions();
  if (query.isPending) {
    return (
      <div className="subscription-grid" aria-busy="true" data-testid="subscriptions-loading">
        <span className="visually-hidden">{t('common.loading')}</span>
        {SKELETONS.map((key) => (
          <div key={key} className="member-card subscription-card">
            <Bones rows={4} />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('membersUi.subscriptions.load_failed')}
        action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (query.data.length === 0) return <NoSubscriptions />;
  return (
    <div className="subscription-grid">
      {query.data.map((subscription) => (
        <SubscriptionCard key={subscription.id} subscription={subscription} level={level} />
      ))}
    </div>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { MySubscriptions } from '../../../features/members/components/my-subscriptions';

/** /my/associations: each of my subscriptions as a card, and the way to join another. */
export default function MyAssociationsRoute() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="my-associations-title">
      <div className="member-page-head">
        <h1 id="my-associations-title" className="page-title">
          {t('membersUi.nav.associations')}
        </h1>
        <Link to={paths.openAssociations}>
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} tabIndex={-1}>
            {t('membersUi.nav.join')}
          </Button>
        </Link>
      </div>
      <MySubscriptions />
    </section>
  );
}

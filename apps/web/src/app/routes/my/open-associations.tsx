import { useTranslation } from 'react-i18next';
import { OpenAssociations } from '../../../features/members/components/open-associations';

/** /my/associations/open: the associations a member may join, and joining one on a free day. */
export default function OpenAssociationsRoute() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="open-associations-title">
      <h1 id="open-associations-title" className="page-title">
        {t('membersUi.open.title')}
      </h1>
      <p className="muted member-intro">{t('membersUi.open.intro')}</p>
      <OpenAssociations />
    </section>
  );
}

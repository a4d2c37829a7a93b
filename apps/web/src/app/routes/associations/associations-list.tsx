import { useTranslation } from 'react-i18next';
import { AssociationsTable } from '../../../features/associations/components/associations-table';

/** /associations (associations.index, declared on the route). */
export default function AssociationsListRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('associationsUi.title')}</h1>
      <AssociationsTable />
    </>
  );
}

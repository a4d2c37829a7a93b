import { useTranslation } from 'react-i18next';
import { AssociationForm } from '../../../features/associations/components/association-form';

/** /associations/create (associations.put). */
export default function AssociationCreateRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('associationsUi.create_title')}</h1>
      <AssociationForm />
    </>
  );
}

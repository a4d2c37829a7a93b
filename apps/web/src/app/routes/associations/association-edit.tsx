import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AssociationForm } from '../../../features/associations/components/association-form';
import { AssociationLoader } from '../../../features/associations/components/association-loader';

/** /associations/{id}/edit (associations.put): the create form in edit mode; locked terms once subscribed. */
export default function AssociationEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <AssociationLoader id={id}>
      {(association) => (
        <>
          <h1 className="page-title">{t('associationsUi.edit_title', { title: association.title })}</h1>
          <AssociationForm key={`${association.id}-${association.locked}`} association={association} />
        </>
      )}
    </AssociationLoader>
  );
}

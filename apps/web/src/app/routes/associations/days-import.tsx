import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AssociationLoader } from '../../../features/associations/components/association-loader';
import { DaysImport } from '../../../features/associations/components/days-import';

/** /associations/{id}/days-import (associations.put): the turn days from a CSV or XLSX file. */
export default function DaysImportRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <AssociationLoader id={id}>
      {(association) => (
        <>
          <h1 className="page-title">{t('associationsUi.import.page_title')}</h1>
          <DaysImport association={association} />
        </>
      )}
    </AssociationLoader>
  );
}

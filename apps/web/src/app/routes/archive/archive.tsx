import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ArchiveManager } from '../../../features/archive/components/archive-manager';

/** /archive and /archive/{id}: the archive manager at the root or in one folder (archive.index, declared on the route). */
export default function ArchiveRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const folderId = id === undefined ? 0 : Number(id);
  if (!Number.isInteger(folderId) || folderId < 0) return <Navigate to={paths.notFound} replace />;
  return (
    <>
      <h1 className="page-title">{t('archiveUi.title')}</h1>
      <ArchiveManager key={folderId} folderId={folderId} />
    </>
  );
}

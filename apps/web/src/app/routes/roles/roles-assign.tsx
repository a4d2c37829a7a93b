import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { AdminPicker } from '../../../features/roles/components/admin-picker';
import './roles-assign.css';

// The roles and permissions form (antd Form, the shared schemas) comes once an administrator is
// picked; the picker is a plain labelled field in a plain panel (DESIGN §5: no route over 350 KB).
const UserAccessForm = lazy(() =>
  import('../../../features/roles/components/user-access-form').then((m) => ({ default: m.UserAccessForm })),
);

/** /roles/assign: pick an administrator, then their roles and direct permissions (POST /roles/sync). */
export default function RolesAssignRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('user'));
  const userId = Number.isInteger(chosen) && chosen > 0 ? chosen : null;
  return (
    <>
      <h1 className="page-title">{t('rolesUi.assign_page.title')}</h1>
      <section className="assign-panel assign-picker-card">
        <div className="assign-picker">
          <label htmlFor="admin-picker" className="assign-label">
            {t('rolesUi.assign_page.pick_user')}
          </label>
          <AdminPicker value={userId} onChange={(id) => setParams(id ? { user: String(id) } : {}, { replace: true })} />
        </div>
      </section>
      {userId ? (
        <Suspense fallback={<PageLoader />}>
          <UserAccessForm key={userId} userId={userId} via="sync" />
        </Suspense>
      ) : (
        <p className="assign-panel assign-empty">{t('rolesUi.assign_page.pick_first')}</p>
      )}
    </>
  );
}

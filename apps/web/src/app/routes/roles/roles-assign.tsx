import { Card, Empty, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPicker } from '../../../features/roles/components/admin-picker';
import { UserAccessForm } from '../../../features/roles/components/user-access-form';
import { RequirePermission } from '../../guards';

/** /roles/assign: pick an administrator, then their roles and direct permissions (POST /roles/sync). */
export default function RolesAssignRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('user'));
  const userId = Number.isInteger(chosen) && chosen > 0 ? chosen : null;
  return (
    <RequirePermission permission="roles.assign">
      <h1 className="page-title">{t('rolesUi.assign_page.title')}</h1>
      <Card className="assign-picker-card">
        <Form layout="vertical">
          <Form.Item label={t('rolesUi.assign_page.pick_user')} htmlFor="admin-picker" className="assign-picker">
            <AdminPicker
              value={userId}
              onChange={(id) => setParams(id ? { user: String(id) } : {}, { replace: true })}
            />
          </Form.Item>
        </Form>
      </Card>
      {userId ? (
        <UserAccessForm key={userId} userId={userId} via="sync" />
      ) : (
        <Card>
          <Empty description={t('rolesUi.assign_page.pick_first')} />
        </Card>
      )}
    </RequirePermission>
  );
}

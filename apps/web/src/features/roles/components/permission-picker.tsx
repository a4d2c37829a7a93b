import { PERMISSION_GROUPS, type Permission, type PermissionGroup } from '@portal/shared/permissions';
import { Checkbox, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { inCatalogueOrder } from '../access-logic';

const GROUPS = Object.keys(PERMISSION_GROUPS) as PermissionGroup[];
const NONE: ReadonlySet<Permission> = new Set();

type Props = {
  /** The permissions this picker owns (a role's, or a user's extra direct ones). */
  value: readonly Permission[];
  onChange: (next: Permission[]) => void;
  /** Given by something else (the user's roles): shown checked and disabled. */
  locked?: ReadonlySet<Permission>;
  /** Whether the signed-in user may grant a permission; one they lack cannot be added. */
  grantable?: (permission: Permission) => boolean;
  disabled?: boolean;
};

/**
 * The permission catalogue as checkbox groups, grouped as packages/shared groups it,
 * with translated group titles and permission labels (the catalogue's codes are for the
 * API, not for people: they are not shown).
 */
export function PermissionPicker({ value, onChange, locked = NONE, grantable = () => true, disabled = false }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const own = new Set(value);
  const set = (permissions: Permission[], on: boolean) => {
    const next = new Set(own);
    for (const p of permissions) {
      if (on) next.add(p);
      else next.delete(p);
    }
    onChange(inCatalogueOrder(next));
  };

  return (
    <div className="permission-picker">
      {GROUPS.map((group) => {
        const names = PERMISSION_GROUPS[group] as readonly Permission[];
        const isChecked = (p: Permission) => own.has(p) || locked.has(p);
        const isDisabled = (p: Permission) => disabled || locked.has(p) || (!own.has(p) && !grantable(p));
        const changeable = names.filter((p) => !isDisabled(p));
        const checkedCount = names.filter(isChecked).length;
        const changeableChecked = changeable.filter((p) => own.has(p)).length;
        const titleId = `permission-group-${group}`;
        return (
          <fieldset key={group} className="permission-group" aria-labelledby={titleId} data-group={group}>
            <div className="permission-group-head">
              <h3 id={titleId} className="permission-group-title">
                {t(`roles.groups.${group}`)}
              </h3>
              <span className="muted permission-group-count">
                {t('rolesUi.selected_count', {
                  checked: formatNumber(checkedCount, lang),
                  total: formatNumber(names.length, lang),
                })}
              </span>
              <Checkbox
                className="permission-group-all"
                disabled={changeable.length === 0}
                checked={changeable.length > 0 && changeableChecked === changeable.length}
                indeterminate={changeableChecked > 0 && changeableChecked < changeable.length}
                onChange={(e) => set(changeable, e.target.checked)}
                aria-label={`${t('rolesUi.select_all')}: ${t(`roles.groups.${group}`)}`}
              >
                {t('rolesUi.select_all')}
              </Checkbox>
            </div>
            <div className="permission-grid">
              {names.map((permission) => {
                const box = (
                  <Checkbox
                    checked={isChecked(permission)}
                    disabled={isDisabled(permission)}
                    onChange={(e) => set([permission], e.target.checked)}
                  >
                    <span className="permission-label">{t(`roles.permissions.${permission}`)}</span>
                    {locked.has(permission) && (
                      <Tag className="permission-from-role" color="blue">
                        {t('rolesUi.from_role')}
                      </Tag>
                    )}
                  </Checkbox>
                );
                const notHeld = !disabled && !locked.has(permission) && !own.has(permission) && !grantable(permission);
                return (
                  <div key={permission} className="permission-item" data-permission={permission}>
                    {notHeld ? <Tooltip title={t('rolesUi.not_held')}>{box}</Tooltip> : box}
                  </div>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

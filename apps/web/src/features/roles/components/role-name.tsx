import { useTranslation } from 'react-i18next';

/** A seeded role's name in the UI language (roles.names.*); a role someone created keeps its own name. */
export function RoleName({ name }: { name: string }) {
  const { t } = useTranslation();
  return <>{t(`roles.names.${name}`, { defaultValue: name })}</>;
}

export function useRoleLabel() {
  const { t } = useTranslation();
  return (name: string) => t(`roles.names.${name}`, { defaultValue: name });
}

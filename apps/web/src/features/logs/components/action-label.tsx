import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  insert: 'green',
  update: 'blue',
  delete: 'red',
  login: 'cyan',
  logout: 'default',
};

/** "users.update" reads as "تعديل · المستخدمين"; unknown actions show as recorded. */
export function ActionLabel({ action }: { action: string }) {
  const { t } = useTranslation();
  const [entity, operation] = action.includes('.') ? action.split('.', 2) : [undefined, action];
  const opLabel = t(`logs.operations.${operation}`, { defaultValue: operation ?? action });
  const color = COLORS[operation ?? ''] ?? 'default';
  return (
    <Tag color={color}>
      {opLabel}
      {entity ? ` · ${t(`logs.entities.${entity}`, { defaultValue: entity })}` : ''}
    </Tag>
  );
}

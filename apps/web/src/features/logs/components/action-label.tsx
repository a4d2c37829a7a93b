import {
  ACCOUNT_ACTIONS,
  AUDIT_ACTIONS,
  AUDITED_TABLES,
  AUTH_ACTIONS,
  SECURITY_ACTIONS,
  SYSTEM_ACTIONS,
  splitTableAction,
  USER_ACTIONS,
} from '@portal/shared/audit-actions';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FilterOptionGroup } from '../../../components/data-table/table-filters';

const OPERATION_COLORS: Record<string, string> = { insert: 'green', update: 'blue', delete: 'red' };

function colorOf(action: string): string {
  if (action === 'login') return 'cyan';
  if (action.startsWith('security.')) return 'volcano';
  return OPERATION_COLORS[splitTableAction(action)?.operation ?? ''] ?? 'default';
}

/** The catalogue key of an action code's label (every code of AUDIT_ACTIONS has one, in both languages). */
export const actionLabelKey = (action: string) => `logs.actions.${action}`;

/**
 * An action code in words: its label ("تعديل مستخدم", "Failed login"); a code the catalogue does not
 * know yet reads as its operation and record ("تعديل · الجمعيات"), or as recorded.
 */
export function actionText(t: TFunction, exists: (key: string) => boolean, action: string): string {
  const key = actionLabelKey(action);
  if (exists(key)) return t(key);
  const change = splitTableAction(action);
  if (!change) return action;
  return `${t(`logs.operations.${change.operation}`)} · ${entityText(t, change.table)}`;
}

/** The record kind (audit_logs.entity) in words. */
export function entityText(t: TFunction, entity: string): string {
  return t(`logs.entities.${entity}`, { defaultValue: entity });
}

/**
 * The action as a coloured tag; its code in the tooltip (the log's filter and the API speak codes).
 * A named action changes several records in one transaction (a registration writes the user, their
 * role, the activation token and the session): with `entity` each row also names its record, so
 * the rows of one action never read as identical.
 */
export function ActionLabel({ action, entity }: { action: string; entity?: string | null }) {
  const { t, i18n } = useTranslation();
  const text = actionText(t, (key) => i18n.exists(key), action);
  const named = entity && !splitTableAction(action);
  return (
    <Tag color={colorOf(action)} title={action}>
      {named ? `${text} · ${entityText(t, entity)}` : text}
    </Tag>
  );
}

/**
 * The action filter's choices (the API matches `action` whole): every known code with its label,
 * grouped — sign-in and accounts, security, system, then each kind of record's changes.
 */
export function actionFilterOptions(): FilterOptionGroup[] {
  const options = (codes: readonly string[]) => codes.map((code) => ({ value: code, label: actionLabelKey(code) }));
  const changes = AUDITED_TABLES.map((table) => ({
    label: `logs.entities.${table}`,
    options: options(AUDIT_ACTIONS.filter((code) => splitTableAction(code)?.table === table)),
  }));
  return [
    { label: 'logs.action_groups.account', options: options([...AUTH_ACTIONS, ...ACCOUNT_ACTIONS, ...USER_ACTIONS]) },
    { label: 'logs.action_groups.security', options: options(SECURITY_ACTIONS) },
    { label: 'logs.action_groups.system', options: options(SYSTEM_ACTIONS) },
    ...changes,
  ];
}

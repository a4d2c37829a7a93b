import type { RequestStatusCode } from '@portal/shared/schemas/request-lookups';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type BadgeColor, StatusBadge } from '../../../components/data-table/columns';
import type { FilterOption } from '../../../components/data-table/table-filters';
import { currentLanguage } from '../../../lib/i18n';

/**
 * A service request's status badge (SPEC §4): its colour by code, its label by id from the shared
 * catalogue (requests.status.{id}), and the "branched" badge beside it when a branch and a
 * receiving date are set. The lists, the detail and the dashboard show these.
 */
export const REQUEST_STATUS_COLORS: Record<RequestStatusCode, BadgeColor> = {
  draft: 'default',
  submitted: 'processing',
  reviewed: 'blue',
  accepted: 'geekblue',
  paid: 'cyan',
  ready: 'warning',
  delivered: 'success',
  rejected: 'error',
  canceled: 'default',
};

/** Statuses a receipt exists for: the fee is paid (paid, ready, delivered). */
export const PAID_STATUSES: readonly number[] = [5, 6, 7];

export const requestStatusLabel = (id: number | string) => `requests.status.${id}`;

/** The status filter: the nine statuses (1..9) and the "branched" badge (10, SPEC §4). */
export const REQUEST_STATUS_OPTIONS: FilterOption[] = [
  ...Array.from({ length: 9 }, (_, i) => ({ value: String(i + 1), label: requestStatusLabel(i + 1) })),
  { value: '10', label: 'requests.badge.branched' },
];

export function RequestStatusBadge({
  status,
  branched = false,
  testId,
}: {
  status: { id: number; code: RequestStatusCode };
  branched?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className="request-status">
      <StatusBadge color={REQUEST_STATUS_COLORS[status.code]} label={requestStatusLabel(status.id)} testId={testId} />
      {branched && <Tag color="purple">{t('requests.badge.branched')}</Tag>}
    </span>
  );
}

/** A lookup's name in the UI's language: name_local is Arabic, name English (SPEC §3). */
export function lookupName(item: { name: string; name_local: string } | null | undefined): string {
  if (!item) return '—';
  return currentLanguage() === 'ar' ? item.name_local || item.name : item.name || item.name_local;
}

import type { AssociationType, TAssociation } from '@portal/shared/schemas/associations';
import type { BadgeColor } from '../../../components/data-table/columns';

/** The badge of an association's type (GLOSSARY: عادية / مميزة (VIP)). */
export const TYPE_COLORS: Record<AssociationType, BadgeColor> = { normal: 'default', vip: 'geekblue' };

/** Not started yet / started / closed: the status follows the dates (docs/decisions/0029). */
export const STATUS_COLORS: Record<TAssociation['status'], BadgeColor> = {
  pending: 'warning',
  started: 'success',
  closed: 'default',
};

import { userPolicy } from '@portal/shared/policy';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useViewer } from '../../lib/authorization';
import { useDigits } from '../../lib/digits';
import { formatDate, formatDateTime, formatId, formatMoney, formatMoneyFromPiastres } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { UserPhoto } from '../layout/user-photo';
import type { DataColumn } from './table-views';

/**
 * Column helpers for DataTable: each returns a column (key, translated title, cell),
 * so lists stop copying cells. Cells are small components, so they follow the
 * UI language without the list rebuilding them.
 */

type Base<T> = {
  key: string;
  /** The column title, already translated. */
  title: string;
  /** Sortable on the server under this name. */
  sortKey?: string;
  width?: number;
  /** Its place on a phone's card (DataColumn.card). */
  card?: DataColumn<T>['card'];
  /** Overrides of the column (fixed, nowrap…). */
  column?: Partial<DataColumn<T>>;
};

function IdText({ id }: { id: number }) {
  useTranslation();
  return <>{formatId(id, currentLanguage())}</>;
}

/** The row's number (#), sortable by id (`sortKey: undefined` for a list the server cannot sort). */
export function idColumn<T extends { id: number }>(options: Partial<Base<T>> = {}): DataColumn<T> {
  return {
    key: options.key ?? 'id',
    title: options.title ?? '#',
    dataIndex: 'id',
    render: (_value: unknown, row: T) => <IdText id={row.id} />,
    sortKey: 'sortKey' in options ? options.sortKey : 'id',
    width: options.width ?? 56,
    nowrap: true,
    card: options.card ?? 'meta',
    ...options.column,
  };
}

function DateText({ value, withTime }: { value: string | null | undefined; withTime: boolean }) {
  useTranslation();
  const lang = currentLanguage();
  return <>{withTime ? formatDateTime(value, lang) : formatDate(value, lang)}</>;
}

/** A calendar day (birth date, due date) in the UI language; a dash when empty. */
export function dateColumn<T>(options: Base<T> & { value: (row: T) => string | null | undefined }): DataColumn<T> {
  return { nowrap: true, ...cell(options, (row) => <DateText value={options.value(row)} withTime={false} />) };
}

/** A moment (created, submitted) in Cairo time, in the UI language. */
export function dateTimeColumn<T>(options: Base<T> & { value: (row: T) => string | null | undefined }): DataColumn<T> {
  return { nowrap: true, ...cell(options, (row) => <DateText value={options.value(row)} withTime />) };
}

function MoneyText({ amount, unit }: { amount: number | null | undefined; unit: 'piastres' | 'pounds' }) {
  useTranslation();
  const lang = currentLanguage();
  if (amount === null || amount === undefined) return <>—</>;
  return (
    <bdi className="money">
      {unit === 'piastres' ? formatMoneyFromPiastres(amount, lang) : formatMoney(amount, lang)}
    </bdi>
  );
}

/**
 * An amount in Egyptian pounds, formatted per UI language (SPEC §1). Amounts travel as
 * integer piastres (DESIGN §6: money is summed in SQL); `unit: 'pounds'` for whole pounds.
 */
export function moneyColumn<T>(
  options: Base<T> & { value: (row: T) => number | null | undefined; unit?: 'piastres' | 'pounds' },
): DataColumn<T> {
  return {
    nowrap: true,
    ...cell(options, (row) => <MoneyText amount={options.value(row)} unit={options.unit ?? 'piastres'} />),
  };
}

/**
 * An email address, left to right in any language; it may wrap only before its @, so a narrow
 * column shows "karim.mostafa" over "@example.com", never a cut in the middle of a word.
 */
export function EmailText({ email }: { email: string | null | undefined }) {
  if (!email) return <>—</>;
  const at = email.lastIndexOf('@');
  if (at <= 0) return <bdi dir="ltr">{email}</bdi>;
  return (
    <bdi dir="ltr">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </bdi>
  );
}

/** antd's preset tag colours a status may take. */
export type BadgeColor = 'default' | 'success' | 'processing' | 'warning' | 'error' | 'geekblue' | 'blue' | 'cyan';

/** A status as a coloured badge with its translated label; the same badge lists and detail pages show. */
export function StatusBadge({ color, label, testId }: { color: BadgeColor; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={color} data-testid={testId}>
      {t(label)}
    </Tag>
  );
}

/**
 * A status column: `colors` maps every status to a badge colour, `label` gives its catalogue
 * key (e.g. `(s) => \`recoveryReview.statuses.${s}\``).
 */
export function statusColumn<T, S extends string>(
  options: Base<T> & {
    value: (row: T) => S;
    colors: Record<S, BadgeColor>;
    label: (status: S) => string;
    testId?: (row: T) => string;
  },
): DataColumn<T> {
  return {
    nowrap: true,
    ...cell(options, (row) => {
      const status = options.value(row);
      return (
        <StatusBadge color={options.colors[status]} label={options.label(status)} testId={options.testId?.(row)} />
      );
    }),
  };
}

/** What a user cell needs; rows carry more. */
export type CellUser = {
  id: number;
  name: string;
  phone?: string | null;
  photo_url?: string | null;
  image?: string | null;
};

type UserCellOptions = {
  /** The line under the name: the phone (default), the user's number, or nothing. */
  detail?: 'phone' | 'id' | 'none';
  /** Show the photo (default): lists whose rows carry `photo_url`. */
  photo?: boolean;
  /** Shown when the row has no user (a system action). */
  empty?: string;
  /** False: the name is not a link (a deleted user has no profile to open). */
  link?: boolean;
};

/**
 * A phone number as people read it: left to right in any line, never grouped, in the digits the
 * screen shows (docs/decisions/0016-digits.md: one system per screen, phones included).
 */
export function Phone({ value, className }: { value: string; className?: string }) {
  const digits = useDigits();
  return (
    <bdi dir="ltr" className={className}>
      {digits(value)}
    </bdi>
  );
}

/**
 * A user: photo (or the default avatar), the name linking to the profile for whoever may see it
 * (userPolicy.view: oneself or users.view), and the phone or number under it.
 */
export function UserCell({
  user,
  detail = 'phone',
  photo = true,
  empty,
  link = true,
}: UserCellOptions & { user: CellUser | null }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  if (!user) return <span className="muted">{empty ? t(empty) : '—'}</span>;
  const name =
    link && userPolicy.view(viewer, user.id) ? (
      <Link to={paths.user(user.id)} className="user-cell-name">
        {user.name}
      </Link>
    ) : (
      <span className="user-cell-name">{user.name}</span>
    );
  let under: ReactNode = null;
  if (detail === 'phone' && user.phone) {
    under = <Phone value={user.phone} className="muted user-cell-id" />;
  } else if (detail === 'id') {
    under = <span className="muted user-cell-id">{t('table.id_label', { id: user.id })}</span>;
  }
  if (!photo && !under) return name;
  return (
    <span className="user-cell">
      {photo && (
        <UserPhoto user={{ name: user.name, photo_url: user.photo_url ?? null, image: user.image }} size={36} />
      )}
      <span className="user-cell-text">
        {name}
        {under}
      </span>
    </span>
  );
}

/** A user column (see UserCell); `user` picks the user of a row, or null for none; `linked` whether to link it. */
export function userColumn<T>(
  options: Base<T> &
    Omit<UserCellOptions, 'link'> & { user: (row: T) => CellUser | null; linked?: (row: T) => boolean },
): DataColumn<T> {
  return cell(options, (row) => (
    <UserCell
      user={options.user(row)}
      detail={options.detail}
      photo={options.photo}
      empty={options.empty}
      link={options.linked?.(row) ?? true}
    />
  ));
}

function cell<T>(options: Base<T>, render: (row: T) => ReactNode): DataColumn<T> {
  return {
    key: options.key,
    title: options.title,
    sortKey: options.sortKey,
    width: options.width,
    card: options.card,
    render: (_value: unknown, row: T) => render(row),
    ...options.column,
  };
}

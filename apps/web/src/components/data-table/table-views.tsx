import { CaretDownOutlined, CaretUpOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Fragment, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollable } from './use-scrollable';

/**
 * A column of DataTable. `render(value, row, index)` draws the cell (value: `row[dataIndex]`);
 * without it the cell shows that value.
 */
export type DataColumn<T> = {
  key: string;
  /** The column title, already translated. */
  title: string;
  dataIndex?: keyof T & string;
  render?: (value: unknown, row: T, index: number) => ReactNode;
  /** Sortable on the server under this name. */
  sortKey?: string;
  /** A width in px the column keeps (other columns share the rest). */
  width?: number;
  /** Keeps to the end edge while a table wider than the screen scrolls sideways (the row actions). */
  fixed?: 'end';
  /** Keeps the cell on one line (ids, dates, phones, badges); other cells wrap, so the table fits its width. */
  nowrap?: boolean;
  /**
   * On phones, where every row is a card: `title` heads the card, `meta` sits small beside it,
   * `hidden` is left out (what the expanded details or the entry's own page show); any other
   * column is a labelled field. The column keyed `actions` is the card's footer.
   */
  card?: 'title' | 'meta' | 'hidden';
};

export type SortState = { key: string; order: 'asc' | 'desc' } | null;

export type ViewProps<T> = {
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string | undefined;
  expandedRow?: (row: T) => ReactNode;
  /** The region's name (the list's caption). */
  label: string;
  /** Rows are on their way (first load or another page): the region says it is busy. */
  busy: boolean;
  /** The first page is on its way: grey bars where the rows will be, never "no data". */
  skeleton?: boolean;
  /** Shown instead of rows: the empty state or the error. */
  placeholder?: ReactNode;
};

const SKELETON_ROWS = 5;
const skeletonKeys = Array.from({ length: SKELETON_ROWS }, (_, i) => `skeleton-${i}`);

export function cellOf<T>(column: DataColumn<T>, row: T, index: number): ReactNode {
  const value = column.dataIndex ? row[column.dataIndex] : undefined;
  if (column.render) return column.render(value, row, index);
  return value === null || value === undefined ? '—' : String(value);
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/**
 * Desktop and tablet: a native table in a region that scrolls sideways only when the columns
 * cannot fit even wrapped (then it takes the keyboard focus, and the actions column stays in
 * view). Sortable headers are buttons; the header cell says the order (aria-sort).
 */
export function TableGrid<T>(props: ViewProps<T> & { sort: SortState; onSort: (column: DataColumn<T>) => void }) {
  const { t } = useTranslation();
  const region = useRef<HTMLElement>(null);
  const [open, setOpen] = useState<ReadonlySet<string | number>>(new Set());
  const scrollable = useScrollable(region, [props.rows, props.columns.length, props.placeholder]);
  const span = props.columns.length + (props.expandedRow ? 1 : 0);

  const toggle = (key: string | number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section
      ref={region}
      className={cx('dt-scroll', scrollable && 'is-scrollable')}
      aria-label={props.label}
      // Only a region that scrolls needs the focus (axe: scrollable-region-focusable).
      tabIndex={scrollable ? 0 : undefined}
    >
      <table className={cx('dt-table', props.busy && 'is-busy')} aria-busy={props.busy || undefined}>
        <thead>
          <tr>
            {props.expandedRow && (
              <th className="dt-expand-cell" scope="col">
                <span className="visually-hidden">{t('table.details')}</span>
              </th>
            )}
            {props.columns.map((column) => {
              const order = column.sortKey && props.sort?.key === column.sortKey ? props.sort.order : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={cx(column.fixed === 'end' && 'dt-fixed-end', column.nowrap && 'dt-nowrap')}
                  style={column.width ? { inlineSize: column.width } : undefined}
                  aria-sort={
                    column.sortKey ? (order === 'asc' ? 'ascending' : order ? 'descending' : 'none') : undefined
                  }
                >
                  {column.sortKey ? (
                    <button type="button" className="dt-sort" onClick={() => props.onSort(column)}>
                      <span>{column.title}</span>
                      <span className={cx('dt-sort-icon', order && `is-${order}`)} aria-hidden="true">
                        <CaretUpOutlined aria-hidden="true" />
                        <CaretDownOutlined aria-hidden="true" />
                      </span>
                    </button>
                  ) : (
                    column.title
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody data-testid={props.skeleton ? 'table-skeleton' : undefined}>
          {props.skeleton ? (
            skeletonKeys.map((key, row) => (
              <tr key={key} className="dt-skeleton-row">
                {props.expandedRow && <td className="dt-expand-cell" />}
                {props.columns.map((column, cell) => (
                  <td key={column.key} className={cx(column.fixed === 'end' && 'dt-fixed-end')}>
                    {row === 0 && cell === 0 && <span className="visually-hidden">{t('common.loading')}</span>}
                    <span className="dt-bone" />
                  </td>
                ))}
              </tr>
            ))
          ) : props.placeholder ? (
            <tr className="dt-placeholder-row">
              <td colSpan={span}>{props.placeholder}</td>
            </tr>
          ) : (
            props.rows.map((row, index) => {
              const key = props.rowKey(row);
              const expanded = open.has(key);
              return (
                <Fragment key={key}>
                  <tr className={cx('dt-row', props.rowClassName?.(row))} data-row-key={key}>
                    {props.expandedRow && (
                      <td className="dt-expand-cell">
                        <button
                          type="button"
                          className="dt-expand"
                          aria-expanded={expanded}
                          aria-label={t(expanded ? 'table.collapse_row' : 'table.expand_row')}
                          onClick={() => toggle(key)}
                        >
                          {expanded ? <MinusOutlined aria-hidden="true" /> : <PlusOutlined aria-hidden="true" />}
                        </button>
                      </td>
                    )}
                    {props.columns.map((column) => (
                      <td
                        key={column.key}
                        className={cx(column.fixed === 'end' && 'dt-fixed-end', column.nowrap && 'dt-nowrap')}
                      >
                        {cellOf(column, row, index)}
                      </td>
                    ))}
                  </tr>
                  {expanded && props.expandedRow && (
                    <tr className="dt-expanded-row">
                      <td colSpan={span}>{props.expandedRow(row)}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })
          )}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Phones: one card per row, its key fields labelled and its actions always in view, so nothing
 * hides off-screen to the side (issue 9 item 19).
 */
export function TableCards<T>(props: ViewProps<T>) {
  const { t } = useTranslation();
  const title = props.columns.find((c) => c.card === 'title');
  const meta = props.columns.filter((c) => c.card === 'meta');
  const actions = props.columns.find((c) => c.key === 'actions');
  const fields = props.columns.filter((c) => c !== title && c !== actions && !c.card);
  if (props.skeleton) {
    return (
      <ul className="dt-cards" aria-label={props.label} aria-busy="true" data-testid="table-skeleton">
        {skeletonKeys.slice(0, 3).map((key) => (
          <li key={key} className="dt-card dt-card-skeleton">
            {key === skeletonKeys[0] && <span className="visually-hidden">{t('common.loading')}</span>}
            <span className="dt-bone dt-bone-title" />
            <span className="dt-bone" />
            <span className="dt-bone" />
          </li>
        ))}
      </ul>
    );
  }
  if (props.placeholder) {
    return (
      <section className="dt-cards-state" aria-label={props.label} aria-busy={props.busy || undefined}>
        {props.placeholder}
      </section>
    );
  }
  return (
    <ul
      className={cx('dt-cards', props.busy && 'is-busy')}
      aria-label={props.label}
      aria-busy={props.busy || undefined}
    >
      {props.rows.map((row, index) => (
        <li key={props.rowKey(row)} className={cx('dt-card', props.rowClassName?.(row))}>
          {(title || meta.length > 0) && (
            <div className="dt-card-head">
              {title && <div className="dt-card-title">{cellOf(title, row, index)}</div>}
              {meta.map((column) => (
                <span key={column.key} className="dt-card-meta" dir="ltr">
                  <span aria-hidden={column.title === '#' || undefined}>{column.title}</span>
                  {column.title === '#' ? <span className="visually-hidden">{t('table.number')}</span> : ' '}
                  <bdi>{cellOf(column, row, index)}</bdi>
                </span>
              ))}
            </div>
          )}
          {fields.length > 0 && (
            <dl className="dt-card-fields">
              {fields.map((column) => (
                <div key={column.key} className="dt-card-field">
                  <dt>{column.title}</dt>
                  <dd>{cellOf(column, row, index)}</dd>
                </div>
              ))}
            </dl>
          )}
          {props.expandedRow && (
            <details className="dt-card-more">
              <summary>{t('table.more_details')}</summary>
              {props.expandedRow(row)}
            </details>
          )}
          {actions && <div className="dt-card-actions">{cellOf(actions, row, index)}</div>}
        </li>
      ))}
    </ul>
  );
}

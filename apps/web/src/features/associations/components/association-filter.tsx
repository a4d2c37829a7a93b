import { lazy, Suspense } from 'react';
import type { CustomFilterField, FilterDef } from '../../../components/data-table/table-filters';

// antd's Select (about 22 KB gzip) arrives with the filter panel that shows it, not with the list.
const AssociationSelect = lazy(() => import('./association-select').then((m) => ({ default: m.AssociationSelect })));

function AssociationFilterField({ id, value, onChange }: CustomFilterField) {
  return (
    <Suspense fallback={<input id={id} className="dt-input" readOnly aria-busy="true" />}>
      <AssociationSelect
        id={id}
        value={value ? Number(value) : undefined}
        onChange={(picked) => onChange(picked === undefined ? undefined : String(picked))}
        placeholder="table.all"
      />
    </Suspense>
  );
}

/**
 * The "association" filter of a list (SPEC §2: users, subscriptions, payments): a dropdown of
 * every association, searched by title or code, sending `association_id`.
 */
export function associationFilter(): FilterDef {
  return {
    kind: 'custom',
    name: 'association_id',
    label: 'associations.columns.association',
    render: (field) => <AssociationFilterField {...field} />,
  };
}

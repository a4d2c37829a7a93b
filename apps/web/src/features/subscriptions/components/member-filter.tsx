import { lazy, Suspense } from 'react';
import type { CustomFilterField, FilterDef } from '../../../components/data-table/table-filters';

// antd's Select arrives with the filter panel that shows it, not with the list.
const MemberSelect = lazy(() => import('./member-select').then((m) => ({ default: m.MemberSelect })));

function MemberFilterField({ id, value, onChange }: CustomFilterField) {
  return (
    <Suspense fallback={<input id={id} className="dt-input" readOnly aria-busy="true" />}>
      <MemberSelect
        id={id}
        value={value ? Number(value) : undefined}
        onChange={(picked) => onChange(picked === undefined ? undefined : String(picked))}
        placeholder="table.all"
      />
    </Suspense>
  );
}

/** The "member" filter of the subscriptions list: the member search dropdown, sending `user_id`. */
export function memberFilter(): FilterDef {
  return {
    kind: 'custom',
    name: 'user_id',
    label: 'associations.columns.member',
    render: (field) => <MemberFilterField {...field} />,
  };
}

import { Empty, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/use-debounced';
import { useAdminSearch } from '../api/roles-api';

/** A searchable administrator picker: POST /users, 50 a page, filtered by name as one types. */
export function AdminPicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const name = useDebounced(search.trim());
  const admins = useAdminSearch(name);
  // The chosen administrator keeps their label when a later search no longer lists them.
  const [chosen, setChosen] = useState<{ value: number; label: string } | null>(null);
  const options = (admins.data ?? []).map((u) => ({ value: u.id, label: `${u.name} — ${u.phone}` }));
  if (chosen && chosen.value === value && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  return (
    <Select<number>
      id="admin-picker"
      className="admin-picker"
      value={value ?? undefined}
      onChange={(id) => {
        setChosen(options.find((o) => o.value === id) ?? null);
        onChange(id ?? null);
      }}
      allowClear
      placeholder={t('rolesUi.assign_page.pick_user_placeholder')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={admins.isFetching}
      notFoundContent={
        admins.isFetching ? (
          <Spin size="small" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rolesUi.assign_page.no_users')} />
        )
      }
      options={options}
      data-testid="admin-picker"
    />
  );
}

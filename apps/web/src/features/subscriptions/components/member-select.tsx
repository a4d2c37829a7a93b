import { DROPDOWN_PAGE_SIZE } from '@portal/shared/constants';
import type { TListPage } from '@portal/shared/schemas/list';
import type { TUserListRow } from '@portal/shared/schemas/users';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { useDigits } from '../../../lib/digits';
import { useDebounced } from '../../../lib/use-debounced';
import { subscriptionsKeys } from '../api/keys';

/**
 * Members (users of type user) matching a search by name, e-mail or mobile, 50 a page
 * (SPEC §7, §9 dropdown search); `activeOnly` for subscribing, which only active customers may.
 */
function useMemberSearch(search: string, activeOnly: boolean) {
  return useInfiniteQuery({
    queryKey: [...subscriptionsKeys.members(search), activeOnly],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.post<TListPage<TUserListRow>>(
        '/users',
        {
          page: pageParam,
          perPage: DROPDOWN_PAGE_SIZE,
          type: 'user',
          sortBy: 'name',
          sortOrder: 'asc',
          ...(search ? { search } : {}),
          filters: activeOnly ? { active: true } : {},
        },
        { signal },
      ),
    getNextPageParam: (last) => (last.currentPage < last.lastPage ? last.currentPage + 1 : undefined),
    staleTime: 10_000,
  });
}

export type PickedMember = { id: number; name: string; phone: string };

type Props = {
  id?: string;
  value?: number;
  onChange?: (id: number | undefined, member: PickedMember | undefined) => void;
  activeOnly?: boolean;
  /** A catalogue key. */
  placeholder?: string;
  /** The label of a value chosen before (a filter read from the URL) until a search lists it. */
  initialLabel?: string;
  testId?: string;
  className?: string;
};

/**
 * The member dropdown: type a name or a mobile, the server searches (50 a page; scrolling to the
 * end of the list loads the next 50). The member chosen keeps their label whatever is searched next.
 */
export function MemberSelect(props: Props) {
  const { t } = useTranslation();
  const digits = useDigits();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const members = useMemberSearch(search, props.activeOnly ?? false);
  const [chosen, setChosen] = useState<PickedMember | null>(null);
  const rows = (members.data?.pages ?? []).flatMap((page) => page.data);
  const options = rows.map((u) => ({ value: u.id, label: `${u.name} — ${digits(u.phone)}` }));
  if (props.value !== undefined && !options.some((o) => o.value === props.value)) {
    const label =
      chosen?.id === props.value
        ? `${chosen.name} — ${digits(chosen.phone)}`
        : (props.initialLabel ?? t('table.id_label', { id: digits(props.value) }));
    options.unshift({ value: props.value, label });
  }
  return (
    <Select<number>
      id={props.id}
      className={props.className ?? 'full-width'}
      value={props.value}
      onChange={(id) => {
        const row = rows.find((u) => u.id === id);
        const picked = row ? { id: row.id, name: row.name, phone: row.phone } : undefined;
        if (picked) setChosen(picked);
        props.onChange?.(id, picked);
      }}
      allowClear
      placeholder={t(props.placeholder ?? 'subscriptionsUi.member_placeholder')}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={members.isFetching}
      onPopupScroll={(event) => {
        const list = event.currentTarget;
        const nearEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 24;
        if (nearEnd && members.hasNextPage && !members.isFetchingNextPage) void members.fetchNextPage();
      }}
      notFoundContent={members.isFetching ? t('common.loading') : t('subscriptionsUi.no_members')}
      options={options}
      data-testid={props.testId}
    />
  );
}

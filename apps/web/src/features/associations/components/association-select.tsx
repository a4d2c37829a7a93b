import type { TAssociation } from '@portal/shared/schemas/associations';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { typedSearch, useDigits } from '../../../lib/digits';
import { useAssociationOptions } from '../api/associations-api';

type Props = {
  id?: string;
  value?: number;
  onChange?: (id: number | undefined, association: TAssociation | undefined) => void;
  /** A catalogue key. */
  placeholder?: string;
  disabled?: boolean;
  /** Offer only these (e.g. associations with an available day). */
  filter?: (association: TAssociation) => boolean;
  testId?: string;
  className?: string;
};

/**
 * An association dropdown (SPEC §7: every association, perPage -1), searched by title or code as
 * one types: the subscription form and the filters of the subscriptions, payments and users lists.
 */
export function AssociationSelect(props: Props) {
  const { t } = useTranslation();
  const digits = useDigits();
  const options = useAssociationOptions();
  const rows = (options.data ?? []).filter((a) => props.filter?.(a) ?? true);
  return (
    <Select<number>
      id={props.id}
      className={props.className ?? 'full-width'}
      value={props.value}
      onChange={(id) =>
        props.onChange?.(
          id,
          rows.find((a) => a.id === id),
        )
      }
      allowClear
      disabled={props.disabled}
      placeholder={t(props.placeholder ?? 'associationsUi.pick')}
      showSearch={typedSearch('title', 'code')}
      loading={options.isFetching}
      notFoundContent={options.isFetching ? t('common.loading') : t('table.empty')}
      options={rows.map((a) => ({
        value: a.id,
        label: `${a.title} · ${digits(a.code)}`,
        title: a.title,
        code: a.code,
      }))}
      data-testid={props.testId}
    />
  );
}

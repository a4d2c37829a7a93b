import { EyeOutlined, MessageOutlined } from '@ant-design/icons';
import type { TContactMessage } from '@portal/shared/schemas/contacts';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeColumn, EmailText, idColumn, Phone, statusColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { RowActions } from '../../../components/data-table/row-actions';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { useCan } from '../../../lib/authorization';
import { fetchContacts } from '../api/contacts-api';
import { contactsKeys } from '../api/keys';
import { CONTACT_COLORS, CONTACT_STATUS_OPTIONS, contactStatusLabel } from './contact-status';
import './contacts.css';

const FILTERS: FilterDef[] = [
  { kind: 'select', name: 'status', label: 'contactsUi.filters.status', options: CONTACT_STATUS_OPTIONS },
  { kind: 'dateRange', label: 'contactsUi.filters.dates' },
];

// The dialog (antd Modal, Form, Input) downloads when a message is first opened.
const ContactAnswerDialog = lazy(async () => ({
  default: (await import('./contact-answer-dialog')).ContactAnswerDialog,
}));

/**
 * /contacts (contacts.index): guests' messages in the shared data table, searched by name, email,
 * phone or subject, filtered by status and date. A message opens in a dialog that shows it and,
 * for contacts.put while it is new, takes the answer the guest will receive by email.
 */
export function ContactsTable() {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState<TContactMessage | null>(null);
  const mayAnswer = can('contacts.put');

  const columns: DataColumn<TContactMessage>[] = [
    idColumn(),
    {
      key: 'sender',
      title: t('contactsUi.columns.sender'),
      card: 'title',
      render: (_, row) => (
        <span className="contact-sender">
          <span className="contact-sender-name">{row.name}</span>
          <span className="muted">
            <EmailText email={row.email} />
          </span>
          {row.phone && <Phone value={row.phone} className="muted" />}
        </span>
      ),
    },
    {
      key: 'subject',
      title: t('contactsUi.columns.subject'),
      render: (_, row) => (
        <span className="contact-subject" title={row.message}>
          <bdi>{row.subject}</bdi>
        </span>
      ),
    },
    statusColumn({
      key: 'status',
      title: t('contactsUi.columns.status'),
      value: (row) => String(row.status) as keyof typeof CONTACT_COLORS,
      colors: CONTACT_COLORS,
      label: contactStatusLabel,
      testId: (row) => `contact-status-${row.id}`,
    }),
    dateTimeColumn({
      key: 'created_at',
      title: t('contactsUi.columns.created_at'),
      sortKey: 'created_at',
      value: (row) => row.created_at,
    }),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) =>
        row.status === 0 && mayAnswer ? (
          <RowActions>
            <Button
              size="small"
              type="primary"
              icon={<MessageOutlined aria-hidden="true" />}
              aria-label={t('contactsUi.answer_label', { name: row.name })}
              onClick={() => setOpen(row)}
              data-testid={`contact-answer-${row.id}`}
            >
              {t('contactsUi.answer')}
            </Button>
          </RowActions>
        ) : (
          <RowActions>
            <Button
              size="small"
              icon={<EyeOutlined aria-hidden="true" />}
              aria-label={t('contactsUi.view_label', { name: row.name })}
              onClick={() => setOpen(row)}
              data-testid={`contact-view-${row.id}`}
            >
              {t('contactsUi.view')}
            </Button>
          </RowActions>
        ),
    },
  ];

  return (
    <>
      <DataTable<TContactMessage>
        queryKey={contactsKeys.lists()}
        fetchPage={fetchContacts}
        columns={columns}
        rowKey={(row) => row.id}
        filters={FILTERS}
        caption="contactsUi.list_caption"
        searchPlaceholder="contactsUi.search_placeholder"
      />
      {open && (
        <Suspense fallback={null}>
          <ContactAnswerDialog message={open} mayAnswer={mayAnswer} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

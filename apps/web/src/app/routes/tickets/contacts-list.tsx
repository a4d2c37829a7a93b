import { useTranslation } from 'react-i18next';
import { ContactsTable } from '../../../features/contacts/components/contacts-table';

/** /contacts (contacts.index, declared on the route): guests' messages and their answers. */
export default function ContactsListRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('contactsUi.title')}</h1>
      <ContactsTable />
    </>
  );
}

import { MailOutlined, SearchOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §2 item 6: seven placeholder rows. */
const PLACEHOLDER_ROWS = Array.from({ length: 7 }, (_, i) => `message-${i}`);

/**
 * Dashboard item 6 (SPEC §2): the messages panel, static as the spec has it ("not real data"):
 * a search box and seven placeholder rows. No message exists behind it, so the rows are empty
 * shapes and say so ("no messages yet") rather than showing invented messages; the search box
 * has nothing to search and is disabled until messages exist.
 */
export function MessagesPanel() {
  const { t } = useTranslation();
  const searchId = useId();
  return (
    <Card title={t('dashboard.messages.title')} className="dashboard-card messages-panel" data-testid="messages-panel">
      <div className="messages-search">
        <label htmlFor={searchId} className="visually-hidden">
          {t('dashboard.messages.search')}
        </label>
        <SearchOutlined aria-hidden="true" className="messages-search-icon" />
        <input
          id={searchId}
          type="search"
          className="messages-search-input"
          placeholder={t('dashboard.messages.search')}
          disabled
        />
      </div>
      <p className="muted messages-empty">{t('dashboard.messages.empty')}</p>
      <ul className="messages-rows" aria-hidden="true" data-testid="messages-rows">
        {PLACEHOLDER_ROWS.map((key) => (
          <li key={key} className="messages-row">
            <span className="messages-avatar">
              <MailOutlined />
            </span>
            <span className="messages-lines">
              <span className="messages-bone messages-bone-title" />
              <span className="messages-bone messages-bone-text" />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

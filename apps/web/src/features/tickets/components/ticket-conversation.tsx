import {
  CustomerServiceOutlined,
  DownloadOutlined,
  LockOutlined,
  PaperClipOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { TTicketDetail, TTicketMessage } from '@portal/shared/schemas/tickets';
import { Alert, Button, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Phone } from '../../../components/data-table/columns';
import { saveFile } from '../../../components/data-table/export-button';
import { ConfirmAction } from '../../../components/data-table/row-actions';
import { paths } from '../../../config/paths';
import { useViewer } from '../../../lib/authorization';
import { formatDateTime, formatFileSize, formatId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { usePendingGuard } from '../../../lib/pending-guard';
import { toastApiError } from '../../../lib/toast';
import { downloadAttachment, useCloseTicket } from '../api/tickets-api';
import { TicketStatusBadge } from './ticket-status';
import './tickets.css';
import { ConnectionButton } from '../../../components/feedback/needs-connection';

// The reply form (antd Form, the file field: 35 KB gzip) comes after the conversation, which is
// what the page is opened for (DESIGN §5: the first load within 350 KB).
const TicketReply = lazy(async () => ({ default: (await import('./ticket-reply')).TicketReply }));

function Attachment({ file }: { file: NonNullable<TTicketMessage['file']> }) {
  const { t } = useTranslation();
  const { run, pending } = usePendingGuard(async () => {
    try {
      saveFile(await downloadAttachment(file.url, file.name));
    } catch (error) {
      toastApiError(error);
    }
  });
  return (
    <ConnectionButton
      size="small"
      icon={pending ? undefined : <DownloadOutlined aria-hidden="true" />}
      loading={pending}
      onClick={() => void run()}
      className="ticket-attachment"
      title={t('ticketsUi.conversation.download', { name: file.name })}
    >
      <PaperClipOutlined aria-hidden="true" />
      <bdi className="ticket-attachment-name">{file.name}</bdi>
      <bdi dir="ltr" className="muted">
        {formatFileSize(file.size, currentLanguage())}
      </bdi>
    </ConnectionButton>
  );
}

function Message({ message, own }: { message: TTicketMessage; own: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const classes = ['ticket-message', message.from_staff ? 'is-staff' : 'is-owner', own ? 'is-own' : ''];
  return (
    <li className={classes.filter(Boolean).join(' ')} data-testid={`ticket-message-${message.id}`}>
      <div className="ticket-message-head">
        <strong>{message.author?.name ?? t('ticketsUi.conversation.unknown_author')}</strong>
        {message.from_staff && (
          <Tag color="blue" icon={<CustomerServiceOutlined aria-hidden="true" />}>
            {t('ticketsUi.conversation.support_team')}
          </Tag>
        )}
        <time className="muted" dateTime={message.created_at}>
          {formatDateTime(message.created_at, lang)}
        </time>
      </div>
      <p className="ticket-message-body">{message.body}</p>
      {message.file && <Attachment file={message.file} />}
    </li>
  );
}

/**
 * One ticket (SPEC §7 GET /ticket/get/{id}): its subject and status, the conversation oldest first
 * (staff's messages marked as the support team's, the reader's own on the other side), the reply
 * form while the ticket is open, and closing after a confirmation. What is offered comes from the
 * `actions` the server gives the ticket (TICKET_MACHINE).
 */
export function TicketConversation({ ticket }: { ticket: TTicketDetail }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const lang = currentLanguage();
  const close = useCloseTicket(ticket.id);
  const actions = new Set(ticket.actions);
  const mayWrite = actions.has('reply') || actions.has('answer');
  const own = ticket.user.id === viewer.id;

  return (
    <article className="ticket-page" aria-labelledby="ticket-title">
      <header className="ticket-head">
        <div className="ticket-head-text">
          <h1 id="ticket-title" className="page-title">
            <bdi>{ticket.subject}</bdi>
          </h1>
          <p className="muted ticket-meta">
            <span>{t('ticketsUi.conversation.number', { id: formatId(ticket.id, lang) })}</span>
            {!own && (
              <span>
                {ticket.user.name} · <Phone value={ticket.user.phone} />
              </span>
            )}
            <span>{t('ticketsUi.conversation.opened_at', { date: formatDateTime(ticket.created_at, lang) })}</span>
          </p>
        </div>
        <div className="ticket-head-actions">
          <TicketStatusBadge status={ticket.status} testId="ticket-status" />
          {actions.has('close') && (
            <ConfirmAction
              label={t('ticketsUi.conversation.close')}
              text={t('ticketsUi.conversation.close')}
              icon={<LockOutlined aria-hidden="true" />}
              size="middle"
              testId="ticket-close"
              confirm={{
                title: t('ticketsUi.conversation.close_confirm'),
                description: t('ticketsUi.conversation.close_confirm_text'),
                ok: t('ticketsUi.conversation.close'),
                cancel: t('ticketsUi.conversation.keep_open'),
              }}
              run={() => close.mutateAsync()}
              success={t('tickets.messages.closed')}
              failure={t('ticketsUi.conversation.close_failed')}
            />
          )}
        </div>
      </header>

      <ol className="ticket-messages" aria-label={t('ticketsUi.conversation.messages')} data-testid="ticket-messages">
        {ticket.messages.map((message) => (
          <Message key={message.id} message={message} own={message.author?.id === viewer.id} />
        ))}
      </ol>

      {mayWrite && (
        <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
          <TicketReply ticket={ticket} />
        </Suspense>
      )}
      {ticket.status === 2 && (
        <Alert
          type="info"
          showIcon
          icon={<LockOutlined aria-hidden="true" />}
          title={t('ticketsUi.conversation.closed', {
            date: ticket.closed_at ? formatDateTime(ticket.closed_at, lang) : '',
          })}
          action={
            own ? (
              <Link to={paths.ticketCreate}>
                <Button size="small" icon={<PlusOutlined aria-hidden="true" />} tabIndex={-1}>
                  {t('ticketsUi.new')}
                </Button>
              </Link>
            ) : undefined
          }
          data-testid="ticket-closed"
        />
      )}
    </article>
  );
}

import { TicketConversation } from '../../../features/tickets/components/ticket-conversation';
import { TicketLoader } from '../../../features/tickets/components/ticket-loader';

/** /tickets/{id}: one ticket and its conversation (its owner, or staff with tickets.index). */
export default function TicketDetailRoute() {
  return <TicketLoader>{(ticket) => <TicketConversation ticket={ticket} />}</TicketLoader>;
}

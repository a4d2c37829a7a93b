import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Decision, LazyDecisionDialog } from '../../../components/workflow/lazy-decision-dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDecideCardRequest } from '../api/card-requests-api';

type Target = { id: number; name: string; user: { name: string } };

/**
 * Issuing or rejecting a card request (card_requests.put), from its row or its drawer: a
 * confirmation saying what the member will be told, a note (required to reject), then the
 * decision. `open(request, 1 | 2)` asks; `dialog` must be rendered once by the caller.
 */
export function useCardDecision(): { open: (request: Target, status: 1 | 2) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const decide = useDecideCardRequest();
  const [decision, setDecision] = useState<Decision | null>(null);
  const close = () => setDecision(null);

  const open = (request: Target, status: 1 | 2) => {
    const issue = status === 1;
    setDecision({
      title: t(issue ? 'requestsUi.cards.issue_title' : 'requestsUi.cards.reject_title'),
      description: t(issue ? 'requestsUi.cards.issue_text' : 'requestsUi.cards.reject_text', {
        name: request.user.name,
        card: request.name,
      }),
      ok: t(issue ? 'requestsUi.cards.issue_yes' : 'requestsUi.cards.reject_yes'),
      danger: !issue,
      // A rejection says why: the shared schema's rule and message (ZCardRequestDecisionRequest).
      noteRequired: issue ? undefined : 'card_requests.validation.note_required',
      run: (note) => decide.mutateAsync({ id: request.id, status, note }),
      success: t(issue ? 'card_requests.messages.issued' : 'card_requests.messages.rejected'),
      onError: (error) => {
        // Decided meanwhile by someone else: the server names its status now; nothing left to decide here.
        if (!(error instanceof ApiError && error.status === 409 && error.message)) return false;
        toast.error(error.message);
        close();
        return true;
      },
    });
  };

  return { open, dialog: <LazyDecisionDialog decision={decision} onClose={close} /> };
}

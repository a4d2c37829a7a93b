import { Button, Form, Input, Modal } from 'antd';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaveError } from '../../lib/forms';
import { usePendingGuard } from '../../lib/pending-guard';
import { toast } from '../../lib/toast';

/** The longest note a decision takes (the shared schemas' `optionalText(500)`). */
const NOTE_MAX_LENGTH = 500;

export type Decision = {
  /** The dialog's question ("Approve this turn move?"), translated. */
  title: string;
  /** What the decision will do, translated. */
  description: string;
  /** The confirming button's text ("Yes, move the turn"), translated. */
  ok: string;
  danger?: boolean;
  /**
   * A note is required (a rejection says why): the message when it is missing, a catalogue key —
   * the one the shared schema and the server use, so the form and the server say the same.
   */
  noteRequired?: string;
  /** Sends the decision with the note (trimmed, empty for none); settles when the server answered. */
  run: (note: string) => Promise<unknown>;
  /** Toasted once it succeeded, translated. */
  success: string;
  /**
   * A refusal this decision shows its own way (a 409: decided meanwhile, the day taken): true when
   * it did. Anything else: a note error under the field, the server's message in a toast otherwise
   * (lib/forms.ts showSaveError).
   */
  onError?: (error: unknown) => boolean;
};

type Props = { decision: Decision | null; onClose: () => void };

/** The rule of a required note: something besides spaces (the server trims it the same way). */
function requiredNote(message: string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') throw new Error(i18next.t(message));
    },
  };
}

/**
 * The confirmation before a staff decision on a request (turn moves, card requests): what will
 * happen, a note (optional, or required when the decision needs a reason), and the decision
 * itself, sent once however often OK is pressed. Backing out says "cancelled" (SPEC §8).
 * Opened with a decision, closed with null. A module of its own, loaded when a list first asks
 * for a decision (lazy): its form, modal and the forms helper stay off the lists' first load.
 */
export default function DecisionDialog({ decision, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note?: string }>();
  const required = Boolean(decision?.noteRequired);

  useEffect(() => {
    if (decision) form.resetFields();
  }, [decision, form]);

  const send = usePendingGuard(async (note: string) => {
    if (!decision) return;
    try {
      await decision.run(note);
      toast.success(decision.success);
      onClose();
    } catch (error) {
      if (!decision.onError?.(error)) showSaveError(form, error, { fields: ['note'] });
    }
  });

  const cancel = () => {
    if (send.pending) return;
    toast.info(t('requestsUi.decision.cancelled'));
    onClose();
  };

  return (
    <Modal
      open={decision !== null}
      title={decision?.title}
      onCancel={cancel}
      footer={null}
      destroyOnHidden
      forceRender
      className="decision-dialog"
    >
      <p>{decision?.description}</p>
      <Form
        form={form}
        name="decision"
        layout="vertical"
        onFinish={({ note }) => void send.run((note ?? '').trim())}
        data-testid="decision-form"
      >
        <Form.Item
          name="note"
          label={t(required ? 'requestsUi.decision.note_reason' : 'requestsUi.decision.note_optional')}
          rules={decision?.noteRequired ? [requiredNote(decision.noteRequired)] : undefined}
          required={required}
        >
          <Input.TextArea rows={3} maxLength={NOTE_MAX_LENGTH} showCount autoFocus />
        </Form.Item>
        <div className="form-actions">
          <Button
            type="primary"
            danger={decision?.danger}
            htmlType="submit"
            loading={send.pending}
            disabled={send.pending}
            data-testid="decision-submit"
          >
            {decision?.ok}
          </Button>
          <Button onClick={cancel} disabled={send.pending}>
            {t('requestsUi.decision.cancel')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

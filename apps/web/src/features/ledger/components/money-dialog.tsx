import { Modal } from 'antd';
import type { ReactNode } from 'react';
import './ledger.css';

/**
 * The frame of every money dialog (payout, receipt, reversal, withdrawal, refund, replacement):
 * 560 px on a desk, the whole screen on a phone (ledger.css), Escape and the close button cancel.
 * `busy`: a save is under way, so neither closes it.
 */
export function MoneyDialog({
  title,
  onClose,
  busy = false,
  testId,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  busy?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      onCancel={() => {
        if (!busy) onClose();
      }}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      keyboard={!busy}
      className="money-dialog"
      width={{ xs: '100%', sm: 560 }}
      data-testid={testId}
    >
      {children}
    </Modal>
  );
}

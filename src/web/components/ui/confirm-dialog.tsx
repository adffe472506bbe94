import type { ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Button } from './button';
import { Modal } from './modal';

/**
 * A modal confirmation for destructive actions (see Modal). Cancel has focus first, so Enter
 * never destroys by accident. Confirming does not close it: the caller closes it when the
 * action is done, so the busy label stays visible meanwhile.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  onConfirm,
  onCancel,
  returnFocus,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes when the dialog closes and its opener is gone. */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  return (
    <Modal
      open={open}
      title={title}
      icon={TriangleAlert}
      iconClassName="bg-red-50 text-red-600"
      onCancel={() => {
        if (!busy) onCancel();
      }}
      returnFocus={returnFocus}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

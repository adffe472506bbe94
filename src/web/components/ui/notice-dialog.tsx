import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { Button } from './button';
import { Modal } from './modal';

/** A message the user must acknowledge (SPEC's alerts), with one OK button (see Modal). */
export function NoticeDialog({
  open,
  title,
  children,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={title}
      icon={CircleAlert}
      iconClassName="bg-amber-50 text-amber-700"
      onCancel={onClose}
      actions={
        <Button onClick={onClose} autoFocus>
          OK
        </Button>
      }
    >
      {children}
    </Modal>
  );
}

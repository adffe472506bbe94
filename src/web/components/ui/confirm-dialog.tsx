import { type ReactNode, useEffect, useId, useRef } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Button } from './button';

/**
 * A modal confirmation for destructive actions, on the native <dialog> (focus is trapped, Escape
 * cancels, the page behind is inert). Confirming does not close it: the caller closes it when
 * the action is done, so the busy label stays visible meanwhile.
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
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 shadow-xl backdrop:bg-gray-900/50"
    >
      <div className="flex gap-4 p-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50">
          <TriangleAlert aria-hidden="true" className="size-5 text-red-600" />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold text-gray-900">
            {title}
          </h2>
          <div id={bodyId} className="mt-2 text-sm text-gray-600">
            {children}
          </div>
        </div>
      </div>
      <div className="flex justify-end gap-3 rounded-b-xl bg-gray-50 px-6 py-4">
        <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';

/**
 * The frame of every modal: the native <dialog> opened with showModal(), so focus stays inside,
 * Escape cancels and the page behind is inert. When it closes, focus goes back to what opened
 * it, or, if that is gone (the row just deleted), to what `returnFocus` names.
 */
export function Modal({
  open,
  title,
  icon: Icon,
  iconClassName,
  children,
  actions,
  onCancel,
  returnFocus,
}: {
  open: boolean;
  title: string;
  icon: LucideIcon;
  iconClassName: string;
  children: ReactNode;
  actions: ReactNode;
  /** Escape. Also what the caller's Cancel button usually does. */
  onCancel: () => void;
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    returnFocusRef.current = returnFocus;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      const previous = opener.current;
      opener.current = null;
      // After this render: the opener may be disabled or removed by what the dialog did.
      requestAnimationFrame(() => {
        const back =
          previous instanceof HTMLElement &&
          previous.isConnected &&
          !previous.matches(':disabled') &&
          previous.getClientRects().length > 0
            ? previous
            : returnFocusRef.current?.();
        if (!back) return;
        if (!back.matches('a[href], button, input, select, textarea, [tabindex]')) {
          back.setAttribute('tabindex', '-1');
        }
        back.focus();
      });
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 shadow-xl backdrop:bg-gray-900/50"
    >
      <div className="flex gap-4 p-6">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            iconClassName,
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
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
      <div className="flex flex-wrap justify-end gap-3 rounded-b-xl bg-gray-50 px-6 py-4">
        {actions}
      </div>
    </dialog>
  );
}

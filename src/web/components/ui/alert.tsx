import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '@web/lib/cn';

/** An inline error message, announced to screen readers when it appears. */
export function ErrorAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

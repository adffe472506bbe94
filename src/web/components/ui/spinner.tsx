import { cn } from '@web/lib/cn';

export function Spinner({ className }: { className?: string }) {
  return (
    <span role="status" aria-label="Loading" className={cn('inline-flex', className)}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-gray-200 border-t-indigo-600"
      />
    </span>
  );
}

/** Fills the viewport while the session or a route loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner />
    </div>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
  headingLevel: Heading = 'h3',
}: {
  icon?: LucideIcon;
  title: string;
  description?: ReactNode;
  /** A button or link that gets the user out of the empty state. */
  action?: ReactNode;
  className?: string;
  /** h1 when the empty state is all the page shows. */
  headingLevel?: 'h1' | 'h2' | 'h3';
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      {Icon && (
        <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-gray-100">
          <Icon aria-hidden="true" className="size-6 text-gray-500" />
        </span>
      )}
      <Heading className="text-sm font-semibold text-gray-900">{title}</Heading>
      {description && <p className="mt-1 max-w-sm text-sm text-gray-500">{description}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

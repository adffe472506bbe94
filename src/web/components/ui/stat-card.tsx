import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '@web/lib/cn';

type Accent = 'indigo' | 'green' | 'orange' | 'blue';

const accents: Record<Accent, string> = {
  indigo: 'bg-indigo-50 text-indigo-600',
  green: 'bg-green-50 text-green-600',
  orange: 'bg-orange-50 text-orange-600',
  blue: 'bg-blue-50 text-blue-600',
};

/** A labelled number on a dashboard or detail page; a link when `to` is given. */
export function StatCard({
  label,
  value,
  icon: Icon,
  accent = 'indigo',
  to,
}: {
  label: string;
  value: number | string;
  icon: LucideIcon;
  accent?: Accent;
  to?: string;
}) {
  const labelId = useId();
  const body = (
    <>
      <span
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-lg',
          accents[accent],
        )}
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0">
        <span id={labelId} className="block text-sm font-medium break-words text-gray-500">
          {label}
        </span>
        <span className="mt-0.5 block text-2xl font-semibold tracking-tight text-gray-900">
          {value}
        </span>
      </span>
    </>
  );
  const frame = 'flex items-center gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm';

  if (to) {
    return (
      <Link
        to={to}
        className={cn(
          frame,
          'transition hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        )}
      >
        {body}
      </Link>
    );
  }
  return (
    <div role="group" aria-labelledby={labelId} className={frame}>
      {body}
    </div>
  );
}

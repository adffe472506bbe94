import { cn } from '@web/lib/cn';

/** A horizontal bar for a 0–100 value (upload progress, assessment quality, criterion score). */
export function ProgressBar({
  value,
  label,
  className,
  barClassName = 'bg-indigo-600',
}: {
  /** 0 to 100; values outside are clamped. */
  value: number;
  /** Accessible name of the bar. */
  label: string;
  className?: string;
  barClassName?: string;
}) {
  const percent = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-gray-200', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-200', barClassName)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

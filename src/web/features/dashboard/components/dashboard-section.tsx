import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';

/** A titled dashboard panel with an optional link or action at the top right. */
export function DashboardSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <Card className="flex flex-col">
      <section aria-labelledby={headingId} className="flex flex-1 flex-col">
        <div className="flex items-center justify-between gap-4 border-b border-gray-100 px-5 py-4">
          <h2 id={headingId} className="text-base font-semibold text-gray-900">
            {title}
          </h2>
          {action}
        </div>
        <div className="flex-1">{children}</div>
      </section>
    </Card>
  );
}

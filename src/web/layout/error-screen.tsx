import { TriangleAlert } from 'lucide-react';
import { buttonStyles } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/lib/paths';

/** SPEC §8 fallback for an error nothing else handled; `message` says what went wrong. */
export function ErrorScreen({ message }: { message: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-gray-50 px-4">
      <Card className="w-full max-w-md p-8 text-center">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50">
          <TriangleAlert aria-hidden="true" className="size-6 text-red-600" />
        </span>
        <h1 className="text-lg font-semibold text-gray-900">Unexpected Application Error!</h1>
        <p className="mt-2 text-sm break-words text-gray-600">{message}</p>
        {/* A full page load, not a client-side link: after a deploy the failing piece may be a
            stale script that only a fresh index.html replaces. */}
        <a href={paths.home()} className={buttonStyles({ className: 'mt-6' })}>
          Go to home page
        </a>
      </Card>
    </div>
  );
}

export const describeError = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

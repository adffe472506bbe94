import { Link } from 'react-router';
import { SearchX, TriangleAlert } from 'lucide-react';
import { Button, buttonStyles } from './button';
import { EmptyState } from './empty-state';

/** What a teacher screen shows when its course or assignment cannot be shown. */
export function MissingPanel({
  kind,
  title,
  description,
  backTo,
  backLabel,
  onRetry,
}: {
  /** not-found: it does not exist (or is not yours); failed: loading it failed. */
  kind: 'not-found' | 'failed';
  title: string;
  description?: string;
  backTo: string;
  backLabel: string;
  onRetry?: () => void;
}) {
  return (
    <EmptyState
      icon={kind === 'not-found' ? SearchX : TriangleAlert}
      title={title}
      description={description}
      className="py-16"
      // The panel is the whole page: its title is the page's heading.
      headingLevel="h1"
      action={
        <div className="flex flex-wrap justify-center gap-3">
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          )}
          <Link to={backTo} className={buttonStyles()}>
            {backLabel}
          </Link>
        </div>
      }
    />
  );
}

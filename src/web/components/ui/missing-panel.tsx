import { Link } from 'react-router';
import { SearchX, TriangleAlert } from 'lucide-react';
import { Button, buttonStyles } from './button';
import { EmptyState } from './empty-state';
import { paths } from '@web/lib/paths';

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

/**
 * A teacher's course page whose course cannot be shown: SPEC's "Course not found" when it does
 * not exist (or is not theirs), else the page's own failure message with a way back.
 */
export function CourseMissingPanel({
  notFound,
  failedTitle,
  onRetry,
}: {
  notFound: boolean;
  /** What this page says when loading failed, e.g. 'Failed to load course data.' */
  failedTitle: string;
  onRetry?: () => void;
}) {
  return (
    <MissingPanel
      kind={notFound ? 'not-found' : 'failed'}
      title={notFound ? 'Course not found' : failedTitle}
      description={
        notFound
          ? "The course you're looking for doesn't exist or you don't have access to it."
          : undefined
      }
      backTo={paths.teacher.courses()}
      backLabel="Back to Courses"
      onRetry={notFound ? undefined : onRetry}
    />
  );
}

import { useState } from 'react';
import { Download, Eye, History } from 'lucide-react';
import { formatDateTime } from '@domain/dates';
import type { SubmissionVersion } from '@domain/schemas/submission-versions';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/lib/toast';
import { downloadVersionFile } from '../api/get-version-file-url';
import { useSubmissionVersions } from '../api/get-submission-versions';
import { formatVersionSize } from '../version-size';

/**
 * A submission's versions, newest first: number, date, size, which one is current (and, for the
 * teacher, which one was graded). With `onView`, each opens in the page's viewer; without, each
 * downloads, and the list names the files.
 */
export function VersionList({
  submissionId,
  headingLevel = 2,
  viewingId,
  onView,
}: {
  submissionId: string;
  headingLevel?: 2 | 3;
  /** The version the viewer shows (null: the current one). */
  viewingId?: string | null;
  onView?: (version: SubmissionVersion) => void;
}) {
  const versions = useSubmissionVersions(submissionId);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const current = versions.data?.find((version) => version.current);
  const viewing = viewingId ?? current?.id;

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="versions-heading">
        <div className="flex items-center gap-2">
          <History aria-hidden="true" className="size-4 text-gray-500" />
          <Heading id="versions-heading" className="text-sm font-semibold text-gray-900">
            Versions
          </Heading>
        </div>
        {versions.isPending && (
          <div className="flex justify-center py-4">
            <Spinner />
          </div>
        )}
        {versions.isError && (
          <p className="mt-2 text-sm text-red-700">
            Failed to load versions.{' '}
            <button
              type="button"
              className="font-medium underline underline-offset-2"
              onClick={() => void versions.refetch()}
            >
              Try again
            </button>
          </p>
        )}
        {versions.isSuccess && (
          <>
            <p className="mt-1 text-xs text-gray-600">
              {versions.data.length === 1
                ? 'One file handed in.'
                : `${versions.data.length} files handed in, newest first.`}
            </p>
            <ol className="mt-3 divide-y divide-gray-100">
              {versions.data.map((version) => (
                <VersionRow
                  key={version.id}
                  version={version}
                  viewing={onView ? version.id === viewing : undefined}
                  onView={onView}
                />
              ))}
            </ol>
          </>
        )}
      </section>
    </Card>
  );
}

function VersionRow({
  version,
  viewing,
  onView,
}: {
  version: SubmissionVersion;
  viewing?: boolean;
  onView?: (version: SubmissionVersion) => void;
}) {
  const [downloading, setDownloading] = useState(false);

  async function handleDownload() {
    if (downloading) return;
    setDownloading(true);
    try {
      await downloadVersionFile(version.submission_id, version.id, version.original_filename);
    } catch {
      toast.error('Failed to download file', { id: 'download-error' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
          Version {version.number}
          {version.current && <Badge tone="green">Current</Badge>}
          {version.graded && <Badge tone="indigo">Graded</Badge>}
        </p>
        <p className="text-xs break-all text-gray-600">
          <time dateTime={new Date(version.submitted_at).toISOString()}>
            {formatDateTime(version.submitted_at)}
          </time>
          {/* With a viewer, the file's name heads the viewer; without, the name says what downloads. */}
          {onView ? '' : ` · ${version.original_filename}`}
          {` · ${formatVersionSize(version.file_size)}`}
        </p>
      </div>
      {onView ? (
        <Button
          variant={viewing ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={viewing}
          onClick={() => onView(version)}
        >
          <Eye aria-hidden="true" className="size-4" />
          {viewing ? 'Viewing' : 'View'}
          <span className="sr-only"> version {version.number}</span>
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void handleDownload()}
          disabled={downloading}
        >
          <Download aria-hidden="true" className="size-4" />
          {downloading ? 'Downloading...' : 'Download'}
          <span className="sr-only"> version {version.number}</span>
        </Button>
      )}
    </li>
  );
}

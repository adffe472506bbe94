import { lazy, Suspense, useState } from 'react';
import { toast } from '@web/lib/toast';
import { Download, FileText, FileX } from 'lucide-react';
import type { Submission } from '@domain/schemas/submissions';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useErrorToast } from '@web/lib/use-error-toast';
import { downloadSubmissionFile } from '../api/download-submission-file';
import { useViewerFileUrl } from '../api/get-signed-file-url';
import { PdfFailure } from './pdf-failure';
import { ViewerErrorBoundary } from './viewer-error-boundary';

// pdf.js is the largest thing in the client: only this screen downloads it, when it shows a PDF.
const PdfViewer = lazy(() =>
  import('./pdf-viewer').then(({ PdfViewer }) => ({ default: PdfViewer })),
);

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

function ViewerLoading() {
  return (
    <div className="flex h-64 items-center justify-center">
      <Spinner />
    </div>
  );
}

/** The viewer's link to the file shown: its query's state and, once there, the link. */
export interface ViewerLink {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data?: { url: string };
}

/**
 * An earlier version to show instead of the current file (the page composes the versions
 * feature, which owns the link and the download).
 */
export interface ShownVersion {
  id: string;
  label: string;
  filename: string;
  size: number;
  link: ViewerLink;
  download: () => Promise<void>;
}

function CurrentPdf({ path, onDownload }: { path: string; onDownload: () => void }) {
  return <StoredPdf link={useViewerFileUrl(path)} onDownload={onDownload} />;
}

function StoredPdf({ link, onDownload }: { link: ViewerLink; onDownload: () => void }) {
  useErrorToast(link.isError, `PDF Error: ${link.error?.message ?? 'Unknown error'}`, 'pdf-error');
  if (link.isPending) return <ViewerLoading />;
  if (link.isError || !link.data) {
    return <PdfFailure title="Failed to load PDF" onDownload={onDownload} />;
  }
  return (
    <ViewerErrorBoundary
      fallback={<PdfFailure title="Failed to display PDF in browser" onDownload={onDownload} />}
    >
      <Suspense fallback={<ViewerLoading />}>
        <PdfViewer url={link.data.url} onDownload={onDownload} />
      </Suspense>
    </ViewerErrorBoundary>
  );
}

/**
 * The submitted PDF (or, when `version` is given, an earlier version): its name and size, a
 * Download button and the pages themselves.
 */
export function SubmissionDocument({
  submission,
  version,
}: {
  submission: Submission;
  version?: ShownVersion;
}) {
  const [downloading, setDownloading] = useState(false);
  const path = submission.file_path;
  const hasFile = version !== undefined || path !== null;
  const filename = version?.filename ?? submission.original_filename ?? 'submission.pdf';
  const size = version ? version.size : submission.file_size;

  async function handleDownload() {
    if (!hasFile || downloading) return;
    setDownloading(true);
    try {
      if (version) await version.download();
      else if (path) await downloadSubmissionFile(path, filename);
    } catch {
      toast.error('Failed to download file', { id: 'download-error' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card className="overflow-hidden">
      <section aria-labelledby="submitted-file-heading">
        <div className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-5">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-red-50">
            <FileText aria-hidden="true" className="size-5 text-red-600" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="submitted-file-heading" className="text-sm font-semibold text-gray-900">
              {version ? version.label : 'Submitted File'}
            </h2>
            <p className="text-xs break-all text-gray-500">
              {hasFile ? filename : 'No file'}
              {hasFile && size !== null && ` · ${formatSize(size)}`}
            </p>
          </div>
          {hasFile && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void handleDownload()}
              disabled={downloading}
            >
              <Download aria-hidden="true" className="size-4" />
              {downloading ? 'Downloading...' : 'Download'}
            </Button>
          )}
        </div>
        <div className="border-t border-gray-200">
          {version ? (
            <StoredPdf
              key={version.id}
              link={version.link}
              onDownload={() => void handleDownload()}
            />
          ) : path ? (
            <CurrentPdf path={path} onDownload={() => void handleDownload()} />
          ) : (
            <div className="flex flex-col items-center px-6 py-12 text-center">
              <FileX aria-hidden="true" className="mb-2 size-6 text-gray-400" />
              <p className="text-sm text-gray-500">This submission has no file.</p>
            </div>
          )}
        </div>
      </section>
    </Card>
  );
}

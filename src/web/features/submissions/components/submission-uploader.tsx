import { type ReactNode, useEffect, useReducer, useRef, useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { toast } from '@web/lib/toast';
import { CircleCheck, FileText, UploadCloud, X } from 'lucide-react';
import { PDF_MIME_TYPE } from '@domain/limits';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { NoticeDialog } from '@web/components/ui/notice-dialog';
import { ProgressBar } from '@web/components/ui/progress-bar';
import { ApiError } from '@web/lib/api-error';
import { cn } from '@web/lib/cn';
import { focusSoon } from '@web/lib/focus';
import { useSubmitAssignment } from '../api/submit-assignment';
import { uploadSubmissionFile } from '../api/upload-submission-file';
import { formatMegabytes } from '../file-size';
import { initialUploadState, isUploadBusy, uploadReducer } from '../upload-state';

/** The server's message when it sent one (SPEC §8), otherwise the given default. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== 'UNEXPECTED_RESPONSE' && error.message
    ? error.message
    : fallback;
}

/**
 * SPEC §2 upload area: choose a PDF (drop or browse), upload it with a progress bar, then
 * submit (or resubmit) the uploaded file.
 */
export function SubmissionUploader({
  assignmentId,
  hasSubmission,
}: {
  assignmentId: string;
  /** An earlier submission exists: the final step reads 'Resubmit Assignment'. */
  hasSubmission: boolean;
}) {
  const [state, dispatch] = useReducer(uploadReducer<File>, initialUploadState);
  const submit = useSubmitAssignment(assignmentId);
  const busy = isUploadBusy(state);
  const [notPdf, setNotPdf] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);

  // Each step replaces the buttons of the last one, so focus moves on to the next step's
  // button instead of falling to the page: Upload File, then Submit, then the submitted
  // summary (SubmissionSummary); removing the file goes back to 'browse'.
  const phase = state.phase;
  const previousPhase = useRef(phase);
  useEffect(() => {
    const from = previousPhase.current;
    previousPhase.current = phase;
    if (from === phase) return;
    const target: Partial<Record<typeof phase, string>> = {
      empty: from === 'submitting' ? '#submission-heading' : '[data-step="browse"]',
      chosen: '[data-step="upload"]',
      uploaded: '[data-step="submit"]',
    };
    const selector = target[phase];
    if (!selector) return;
    focusSoon(() =>
      selector.startsWith('#')
        ? document.querySelector<HTMLElement>(selector)
        : containerRef.current?.querySelector<HTMLElement>(selector),
    );
  }, [phase]);

  // An upload still running when the student leaves the page is cancelled, not left behind.
  const uploadAbort = useRef<AbortController | null>(null);
  useEffect(() => () => uploadAbort.current?.abort(), []);

  function handleDrop(accepted: File[], rejected: FileRejection[]) {
    const file = accepted[0];
    if (rejected.length > 0 || !file) {
      setNotPdf(true);
      return;
    }
    dispatch({ type: 'choose', file });
  }

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: { [PDF_MIME_TYPE]: ['.pdf'] },
    multiple: false,
    disabled: busy,
    // The whole area is clickable; the "browse" text opens the same dialog.
    noKeyboard: true,
    onDrop: handleDrop,
  });

  async function handleUpload() {
    if (state.phase !== 'chosen') return;
    dispatch({ type: 'upload-started' });
    const controller = new AbortController();
    uploadAbort.current = controller;
    try {
      const uploaded = await uploadSubmissionFile(assignmentId, state.file, {
        signal: controller.signal,
        onProgress: (percent) => dispatch({ type: 'upload-progressed', percent }),
      });
      dispatch({ type: 'upload-succeeded', uploaded });
      toast.success(
        'File uploaded successfully! Click "Submit Assignment" to finalize your submission.',
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      dispatch({ type: 'upload-failed', message: messageOf(error, 'Failed to upload file') });
    } finally {
      uploadAbort.current = null;
    }
  }

  async function handleSubmit() {
    if (state.phase !== 'uploaded') return;
    dispatch({ type: 'submit-started' });
    try {
      await submit.mutateAsync({
        file_path: state.uploaded.path,
        file_size: state.uploaded.size,
        original_filename: state.uploaded.original_filename,
      });
      dispatch({ type: 'submit-succeeded' });
      toast.success('Assignment submitted successfully!');
    } catch (error) {
      dispatch({ type: 'submit-failed' });
      toast.error(messageOf(error, 'Failed to submit assignment'));
    }
  }

  const submitLabel = hasSubmission ? 'Resubmit Assignment' : 'Submit Assignment';

  let content: ReactNode;
  if (state.phase === 'uploaded' || state.phase === 'submitting') {
    const submitting = state.phase === 'submitting';
    content = (
      <div className="space-y-4">
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg border border-green-200 bg-green-50 p-4"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-600" />
          <div className="min-w-0">
            <p className="text-sm font-semibold text-green-800">File Uploaded Successfully</p>
            <p className="mt-0.5 text-sm break-all text-green-700">
              {state.uploaded.original_filename} · {formatMegabytes(state.uploaded.size)}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            onClick={() => dispatch({ type: 'remove' })}
            disabled={submitting}
          >
            Upload Different File
          </Button>
          <Button onClick={handleSubmit} disabled={submitting} data-step="submit">
            {submitting ? 'Submitting...' : submitLabel}
          </Button>
        </div>
      </div>
    );
  } else if (state.phase === 'chosen' || state.phase === 'uploading') {
    const uploading = state.phase === 'uploading';
    content = (
      <div className="space-y-4">
        <div className="flex items-center gap-3 rounded-lg border border-gray-200 bg-gray-50 p-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-red-50">
            <FileText aria-hidden="true" className="size-5 text-red-600" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium break-all text-gray-900">{state.file.name}</p>
            <p className="text-xs text-gray-500">{formatMegabytes(state.file.size)}</p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => dispatch({ type: 'remove' })}
            disabled={uploading}
            aria-label="Remove file"
            title="Remove file"
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>

        {uploading && (
          <div className="space-y-1.5">
            <div className="flex justify-between text-sm">
              <span className="text-gray-600">Uploading...</span>
              <span className="font-medium text-gray-900 tabular-nums">{state.progress}%</span>
            </div>
            <ProgressBar value={state.progress} label="Upload progress" />
          </div>
        )}

        {state.phase === 'chosen' && state.error && <ErrorAlert>{state.error}</ErrorAlert>}

        <div className="flex justify-end">
          <Button onClick={handleUpload} disabled={uploading} data-step="upload">
            <UploadCloud aria-hidden="true" className="size-4" />
            {uploading ? 'Uploading...' : 'Upload File'}
          </Button>
        </div>
      </div>
    );
  } else {
    content = (
      <div
        {...getRootProps({
          className: cn(
            'flex cursor-pointer flex-col items-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
            isDragActive
              ? 'border-indigo-500 bg-indigo-50'
              : 'border-gray-300 bg-gray-50/50 hover:border-indigo-400 hover:bg-indigo-50/40',
          ),
        })}
      >
        <input {...getInputProps({ 'aria-label': 'Choose a PDF file' })} />
        <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-indigo-100">
          <UploadCloud aria-hidden="true" className="size-6 text-indigo-600" />
        </span>
        <p className="text-sm text-gray-700">
          {isDragActive ? (
            'Drop your PDF here'
          ) : (
            <>
              Drag and drop your PDF here, or{' '}
              <button
                type="button"
                data-step="browse"
                onClick={(event) => {
                  event.stopPropagation();
                  open();
                }}
                className="font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                browse
              </button>
            </>
          )}
        </p>
        <p className="mt-1 text-xs text-gray-500">PDF files only, up to 10MB</p>
      </div>
    );
  }

  return (
    <div ref={containerRef}>
      {content}
      {/* SPEC §5's alert, in the app's own dialog rather than the browser's. */}
      <NoticeDialog open={notPdf} title="Not a PDF" onClose={() => setNotPdf(false)}>
        <p>Please select a PDF file</p>
      </NoticeDialog>
    </div>
  );
}

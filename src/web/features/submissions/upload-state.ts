import type { UploadResult } from '@domain/schemas/submissions';

/** What the uploader needs of a chosen file; a browser `File` in the app. */
export interface ChosenFile {
  name: string;
  size: number;
}

/**
 * SPEC §4 student upload flow: choose a file, upload it (a stored path is then held), submit.
 * `error` is the last upload failure, shown in the uploader until the file changes.
 */
export type UploadState<F extends ChosenFile = ChosenFile> =
  | { phase: 'empty' }
  | { phase: 'chosen'; file: F; error: string | null }
  | { phase: 'uploading'; file: F; progress: number }
  | { phase: 'uploaded'; file: F; uploaded: UploadResult }
  | { phase: 'submitting'; file: F; uploaded: UploadResult };

export type UploadAction<F extends ChosenFile = ChosenFile> =
  | { type: 'choose'; file: F }
  /** Remove the file: clears the chosen file, the uploaded path and any error. */
  | { type: 'remove' }
  | { type: 'upload-started' }
  | { type: 'upload-progressed'; percent: number }
  | { type: 'upload-succeeded'; uploaded: UploadResult }
  | { type: 'upload-failed'; message: string }
  | { type: 'submit-started' }
  | { type: 'submit-succeeded' }
  | { type: 'submit-failed' };

export const initialUploadState: UploadState<never> = { phase: 'empty' };

const clampPercent = (percent: number) => Math.min(100, Math.max(0, Math.round(percent)));

/** Actions that make no sense in the current phase (a late progress event, a double click) are ignored. */
export function uploadReducer<F extends ChosenFile>(
  state: UploadState<F>,
  action: UploadAction<F>,
): UploadState<F> {
  const busy = state.phase === 'uploading' || state.phase === 'submitting';
  switch (action.type) {
    case 'choose':
      return busy ? state : { phase: 'chosen', file: action.file, error: null };
    case 'remove':
      return busy ? state : { phase: 'empty' };
    case 'upload-started':
      return state.phase === 'chosen'
        ? { phase: 'uploading', file: state.file, progress: 0 }
        : state;
    case 'upload-progressed':
      return state.phase === 'uploading'
        ? { ...state, progress: Math.max(state.progress, clampPercent(action.percent)) }
        : state;
    case 'upload-succeeded':
      return state.phase === 'uploading'
        ? { phase: 'uploaded', file: state.file, uploaded: action.uploaded }
        : state;
    case 'upload-failed':
      return state.phase === 'uploading'
        ? { phase: 'chosen', file: state.file, error: action.message }
        : state;
    case 'submit-started':
      return state.phase === 'uploaded' ? { ...state, phase: 'submitting' } : state;
    case 'submit-succeeded':
      // The submission now holds the file; the uploader starts over for a later resubmission.
      return state.phase === 'submitting' ? { phase: 'empty' } : state;
    case 'submit-failed':
      // The uploaded file is still stored: the student can retry the submit without re-uploading.
      return state.phase === 'submitting' ? { ...state, phase: 'uploaded' } : state;
  }
}

export const isUploadBusy = (state: UploadState<ChosenFile>) =>
  state.phase === 'uploading' || state.phase === 'submitting';

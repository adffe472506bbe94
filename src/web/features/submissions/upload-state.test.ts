import { describe, expect, it } from 'vitest';
import {
  type ChosenFile,
  initialUploadState,
  isUploadBusy,
  type UploadAction,
  uploadReducer,
  type UploadState,
} from './upload-state';

const file: ChosenFile = { name: 'report.pdf', size: 2048 };
const uploaded = { path: 'c/s/1_report.pdf', size: 2048, original_filename: 'report.pdf' };

const run = (...actions: UploadAction[]): UploadState =>
  actions.reduce<UploadState>(uploadReducer, initialUploadState);

describe('uploadReducer', () => {
  it('walks from a chosen file through the upload to a held path', () => {
    const state = run(
      { type: 'choose', file },
      { type: 'upload-started' },
      { type: 'upload-progressed', percent: 42.4 },
    );
    expect(state).toEqual({ phase: 'uploading', file, progress: 42 });
    expect(isUploadBusy(state)).toBe(true);

    expect(uploadReducer(state, { type: 'upload-succeeded', uploaded })).toEqual({
      phase: 'uploaded',
      file,
      uploaded,
    });
  });

  it('never lets the progress bar run backwards or past 100%', () => {
    const uploading = run({ type: 'choose', file }, { type: 'upload-started' });
    const at60 = uploadReducer(uploading, { type: 'upload-progressed', percent: 60 });
    expect(uploadReducer(at60, { type: 'upload-progressed', percent: 30 })).toMatchObject({
      progress: 60,
    });
    expect(uploadReducer(at60, { type: 'upload-progressed', percent: 140 })).toMatchObject({
      progress: 100,
    });
  });

  it('keeps the file and shows the error after a failed upload', () => {
    const state = run(
      { type: 'choose', file },
      { type: 'upload-started' },
      { type: 'upload-failed', message: 'Only PDF files are accepted.' },
    );
    expect(state).toEqual({ phase: 'chosen', file, error: 'Only PDF files are accepted.' });
  });

  it('clears the chosen file, the uploaded path and the error when the file is removed', () => {
    const failed = run(
      { type: 'choose', file },
      { type: 'upload-started' },
      { type: 'upload-failed', message: 'Failed to upload file' },
    );
    expect(uploadReducer(failed, { type: 'remove' })).toEqual({ phase: 'empty' });

    const done = run(
      { type: 'choose', file },
      { type: 'upload-started' },
      {
        type: 'upload-succeeded',
        uploaded,
      },
    );
    expect(uploadReducer(done, { type: 'remove' })).toEqual({ phase: 'empty' });
  });

  it('ignores choosing or removing a file while an upload or a submit runs', () => {
    const uploading = run({ type: 'choose', file }, { type: 'upload-started' });
    expect(uploadReducer(uploading, { type: 'remove' })).toBe(uploading);
    expect(uploadReducer(uploading, { type: 'choose', file: { name: 'b.pdf', size: 1 } })).toBe(
      uploading,
    );
  });

  it('submits only an uploaded file, and starts over once it is submitted', () => {
    const chosen = run({ type: 'choose', file });
    expect(uploadReducer(chosen, { type: 'submit-started' })).toBe(chosen);

    const submitting = run(
      { type: 'choose', file },
      { type: 'upload-started' },
      { type: 'upload-succeeded', uploaded },
      { type: 'submit-started' },
    );
    expect(submitting.phase).toBe('submitting');
    expect(isUploadBusy(submitting)).toBe(true);
    expect(uploadReducer(submitting, { type: 'submit-succeeded' })).toEqual({ phase: 'empty' });
  });

  it('keeps the uploaded file after a failed submit, so the student can try again', () => {
    const state = run(
      { type: 'choose', file },
      { type: 'upload-started' },
      { type: 'upload-succeeded', uploaded },
      { type: 'submit-started' },
      { type: 'submit-failed' },
    );
    expect(state).toEqual({ phase: 'uploaded', file, uploaded });
  });

  it('ignores a progress event that arrives after the upload finished', () => {
    const done = run(
      { type: 'choose', file },
      { type: 'upload-started' },
      {
        type: 'upload-succeeded',
        uploaded,
      },
    );
    expect(uploadReducer(done, { type: 'upload-progressed', percent: 99 })).toBe(done);
  });
});

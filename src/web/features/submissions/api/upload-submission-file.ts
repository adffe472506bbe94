import { MAX_UPLOAD_BYTES } from '@domain/limits';
import { type UploadResult, uploadResultSchema } from '@domain/schemas/submissions';
import { api } from '@web/lib/api-client';
import { ApiError, apiErrorFromResponse } from '@web/lib/api-error';

export interface UploadOptions {
  /** 0–100, as the browser sends the file. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/files through XMLHttpRequest, the one browser API that reports upload progress.
 * Like the API client it sends the in-memory access token, and after a 401 refreshes the
 * session once and tries again.
 */
export async function uploadSubmissionFile(
  assignmentId: string,
  file: File,
  options: UploadOptions = {},
): Promise<UploadResult> {
  // The server enforces the limit too; checking first spares the student a long futile upload.
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'File size must be less than 10MB');
  }
  try {
    return await send(assignmentId, file, api.getAccessToken(), options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    try {
      await api.refreshSession();
    } catch {
      throw error;
    }
    return send(assignmentId, file, api.getAccessToken(), options);
  }
}

function send(
  assignmentId: string,
  file: File,
  accessToken: string | null,
  { onProgress, signal }: UploadOptions,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files');
    xhr.setRequestHeader('Accept', 'application/json');
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.((event.loaded / event.total) * 100);
      }
    });
    xhr.addEventListener('load', () => {
      // A Response around the body lets errors go through the same parser as every other call.
      const response = new Response(xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
      });
      if (!response.ok) {
        void apiErrorFromResponse(response).then(reject);
        return;
      }
      response
        .json()
        .then((body) => resolve(uploadResultSchema.parse(body)))
        .catch(reject);
    });
    xhr.addEventListener('error', () => reject(new Error('Network error during upload')));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    // The server reads the fields in order and needs the assignment before the file streams in.
    const form = new FormData();
    form.append('assignment_id', assignmentId);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

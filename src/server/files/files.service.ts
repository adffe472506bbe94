// Uploading a PDF for an assignment, and reading stored files through signed URLs.
// An upload is only stored: nothing is recorded until the student submits it (see
// submissions.service.ts), and orphan-uploads.ts removes what is never submitted.
import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES, PDF_MIME_TYPE, TEXT_LIMITS } from '@domain/limits';
import type { UploadResult } from '@domain/schemas/submissions';
import type { ServiceDeps } from '../deps';
import { AppError, forbidden, notFound, RateLimitedError } from '../errors';
import { requireRole, type Actor } from '../policies/actor';
import { loadSubmittableAssignment } from '../policies/assignment.policy';
import { assertMayReadFile } from '../policies/file.policy';
import { FileExistsError, FileNotFoundError, FileTooLargeError } from '../storage/file-storage';
import { buildStorageKey, parseKey } from '../storage/storage-keys';
import { parseByteRange } from './byte-range';
import { unsubmittedUploadsOf } from './orphan-uploads';
import { withPdfSignature } from './pdf-signature';
import { createFileUrlSigner, SIGNED_FILE_ROUTE } from './signed-urls';

/** SPEC §5's texts, which the uploader shows as they are. */
export const FILE_TOO_LARGE_MESSAGE = 'File size must be less than 10MB';
export const NOT_A_PDF_MESSAGE = 'Only PDF files are allowed';

export const fileTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
const notAPdf = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_A_PDF_MESSAGE);

export interface IncomingFile {
  filename: string;
  mimetype: string;
  stream: Readable;
  /** True when the multipart parser cut the file off at its own limit. */
  truncated(): boolean;
}

export type SignedFileRead =
  | { kind: 'unsatisfiable'; size: number }
  | {
      kind: 'file';
      stream: Readable;
      size: number;
      /** Present for a partial (206) answer. */
      range?: { start: number; end: number };
      filename: string;
    };

export function createFileService(deps: ServiceDeps) {
  const { db, storage, limits } = deps;
  const signer = createFileUrlSigner(deps.config.jwtSecret);

  /**
   * Disk space one student can take: UPLOAD_MAX_PER_HOUR uploads an hour, and at most
   * UPLOAD_MAX_UNSUBMITTED uploads kept without a submission pointing to them.
   */
  async function assertUploadAllowed(studentId: string) {
    const { uploadsByStudent, settings } = limits;
    // Counted before the file is stored, so uploads sent in parallel are counted too.
    const count = await uploadsByStudent.add(studentId);
    if (count > settings.uploadsPerHour) {
      throw new RateLimitedError(
        'You have uploaded many files in the last hour. Please wait a while and try again.',
        await uploadsByStudent.retryAfterMs(studentId),
      );
    }
    const waiting = await unsubmittedUploadsOf(deps, studentId);
    if (waiting.length >= settings.unsubmittedUploads) {
      throw new AppError(
        409,
        'QUOTA_EXCEEDED',
        `You have ${waiting.length} uploaded files that were never submitted. Submit one of them, or try again tomorrow: uploads that are never submitted are removed after a day.`,
        { unsubmitted_uploads: waiting.length, limit: settings.unsubmittedUploads },
      );
    }
  }

  return {
    /**
     * Streams a student's PDF into storage under DESIGN §8's key, never holding it in memory.
     * Refused before a byte is stored when the assignment does not take submissions or the
     * file is not a PDF; refused with nothing left behind when it passes 10 MB.
     */
    async upload(actor: Actor, assignmentId: string, file: IncomingFile): Promise<UploadResult> {
      try {
        requireRole(actor, 'student');
        const { course } = await loadSubmittableAssignment(db, actor, assignmentId, deps.clock());
        if (!isPdfType(file.mimetype)) throw notAPdf();
        await assertUploadAllowed(actor.id);
        const pdf = await withPdfSignature(file.stream);
        if (!pdf) throw notAPdf();
        // Its hand-in usually follows within seconds: pdf.js loads while the file streams in.
        deps.prepareTextExtraction();

        const originalFilename = originalNameOf(file.filename);
        const key = buildStorageKey({
          courseId: course.id,
          studentId: actor.id,
          filename: originalFilename,
          now: deps.clock(),
        });
        const stored = await storage.put(key, pdf, { maxBytes: MAX_UPLOAD_BYTES });
        if (file.truncated()) {
          await storage.remove(stored.path);
          throw fileTooLarge();
        }
        return { path: stored.path, size: stored.size, original_filename: originalFilename };
      } catch (error) {
        file.stream.destroy();
        if (error instanceof FileTooLargeError) throw fileTooLarge();
        if (error instanceof FileExistsError) {
          throw new AppError(409, 'CONFLICT', 'This file was just uploaded. Please try again.');
        }
        throw error;
      }
    },

    /** A link to a file the actor may read, valid for expiresIn seconds. */
    async createSignedUrl(actor: Actor, path: string, expiresIn: number) {
      await assertMayReadFile(deps, actor, path);
      const { token, expiresAt } = signer.sign(path, expiresIn);
      return { url: `${SIGNED_FILE_ROUTE}/${token}`, expires_at: expiresAt };
    },

    /** Opens the file a signed token names, whole or the single byte range asked for. */
    async readSigned(token: string, rangeHeader: string | undefined): Promise<SignedFileRead> {
      const verified = signer.verify(token);
      if (!verified.ok) {
        throw forbidden(
          verified.reason === 'expired'
            ? 'This file link has expired. Please open the file again.'
            : 'This file link is not valid.',
        );
      }
      const info = await storage.stat(verified.path);
      if (!info) throw notFound('File');
      const filename = parseKey(verified.path)?.name ?? 'submission.pdf';
      const range = parseByteRange(rangeHeader, info.size);
      if (range.kind === 'unsatisfiable') return { kind: 'unsatisfiable', size: info.size };
      const part = range.kind === 'whole' ? undefined : { start: range.start, end: range.end };
      const stream = await storage.read(verified.path, part).catch((error: unknown) => {
        // Removed between the stat and the read.
        throw error instanceof FileNotFoundError ? notFound('File') : error;
      });
      return { kind: 'file', stream, size: info.size, ...(part && { range: part }), filename };
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;

function isPdfType(mimetype: string): boolean {
  return mimetype.split(';')[0]?.trim().toLowerCase() === PDF_MIME_TYPE;
}

/** The name the student knows the file by (the key keeps only a safe version of it). */
function originalNameOf(filename: string): string {
  const base = filename.split(/[/\\]/).pop()?.trim() ?? '';
  return [...(base || 'submission.pdf')].slice(0, TEXT_LIMITS.filename).join('');
}

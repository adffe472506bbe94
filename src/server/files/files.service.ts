// Uploading a PDF for an assignment, and reading stored files through signed URLs.
// An upload is only stored: nothing is recorded until the student submits it (see
// submissions.service.ts), and orphan-uploads.ts removes what is never submitted.
import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES, PDF_MIME_TYPE, TEXT_LIMITS } from '@domain/limits';
import type { UploadResult } from '@domain/schemas/submissions';
import type { ServiceDeps } from '../deps';
import { AppError, forbidden, notFound } from '../errors';
import type { Actor } from '../plugins/auth';
import { loadSubmittableAssignment } from '../submissions/submissions.policy';
import { parseByteRange } from './byte-range';
import { assertMayReadFile } from './files.policy';
import { withPdfSignature } from './pdf-signature';
import { createFileUrlSigner, SIGNED_FILE_ROUTE } from './signed-urls';
import { FileExistsError, FileTooLargeError, parseKey } from './storage';

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
  const { db, storage } = deps;
  const signer = createFileUrlSigner(deps.config.jwtSecret);

  return {
    /**
     * Streams a student's PDF into storage under DESIGN §8's key, never holding it in memory.
     * Refused before a byte is stored when the assignment does not take submissions or the
     * file is not a PDF; refused with nothing left behind when it passes 10 MB.
     */
    async upload(actor: Actor, assignmentId: string, file: IncomingFile): Promise<UploadResult> {
      try {
        const { course } = await loadSubmittableAssignment(db, actor, assignmentId);
        if (!isPdfType(file.mimetype)) throw notAPdf();
        const pdf = await withPdfSignature(file.stream);
        if (!pdf) throw notAPdf();

        const originalFilename = originalNameOf(file.filename);
        const key = storage.buildKey({
          courseId: course.id,
          studentId: actor.id,
          filename: originalFilename,
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
      if (range.kind === 'whole') {
        return {
          kind: 'file',
          stream: storage.createReadStream(verified.path),
          size: info.size,
          filename,
        };
      }
      const { start, end } = range;
      return {
        kind: 'file',
        stream: storage.createReadStream(verified.path, { start, end }),
        size: info.size,
        range: { start, end },
        filename,
      };
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

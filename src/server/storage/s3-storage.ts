// The S3-compatible driver (DESIGN §12, docs/decisions/021): the same contract as the local
// one, through @aws-sdk/client-s3, with streamed multipart uploads from @aws-sdk/lib-storage.
// An object appears only once its upload completes, so a reader never sees half a file.
import { Transform, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  AbortMultipartUploadCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  FileExistsError,
  FileNotFoundError,
  FileTooLargeError,
  STORAGE_BUCKET,
  type ByteRange,
  type FileStorage,
} from './file-storage';
import { readStreamWhole } from './read-whole-file';
import { assertValidKey, isValidKey } from './storage-keys';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server's address; unset means AWS itself. */
  endpoint?: string;
  /** Path-style addressing (http://host/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Unset means the SDK's default credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Multipart part size: the most one upload holds in memory at a time. */
const PART_BYTES = 5 * 1024 * 1024;
const DELETE_BATCH = 1000;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    error.$metadata.httpStatusCode === 404);

const isNotImplemented = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotImplemented' || [405, 501].includes(error.$metadata.httpStatusCode ?? 0));

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint && { endpoint: options.endpoint }),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials && { credentials: options.credentials }),
  });
  const Bucket = options.bucket;

  async function getObject(key: string, range: ByteRange = {}) {
    assertValidKey(key);
    const Range =
      range.start === undefined && range.end === undefined
        ? undefined
        : `bytes=${range.start ?? 0}-${range.end ?? ''}`;
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
      return { body: object.Body as Readable, length: object.ContentLength };
    } catch (error) {
      if (isMissing(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async function read(key: string, range: ByteRange = {}): Promise<Readable> {
    return (await getObject(key, range)).body;
  }

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  return {
    bucket: STORAGE_BUCKET,

    async check() {
      // Needs s3:ListBucket on the bucket, which the driver needs anyway (list, sweeps).
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    async put(key, source, { maxBytes = Number.POSITIVE_INFINITY } = {}) {
      const bytes = source instanceof Uint8Array ? source : undefined;
      const stream = bytes ? undefined : (source as Readable);
      // The first error of the source, whenever it comes (a client going away mid-upload).
      // Listening from the start also keeps a failure during the checks from crashing us.
      let failure: unknown;
      let size = 0;
      // Counts the bytes on their way to S3 and stops them past the limit.
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) callback(new FileTooLargeError(maxBytes));
          else callback(null, chunk);
        },
      });
      counted.on('error', (error) => {
        failure ??= error;
      });
      stream?.on('error', (error) => {
        failure ??= error;
        counted.destroy(error);
      });
      try {
        assertValidKey(key);
        if (bytes && bytes.byteLength > maxBytes) throw new FileTooLargeError(maxBytes);
        // Never overwrite. Servers with conditional writes also refuse it atomically
        // (IfNoneMatch below); this check covers the ones without.
        if (await exists(key)) throw new FileExistsError(key);
        if (stream && (failure || stream.errored)) throw failure ?? stream.errored;
      } catch (error) {
        stream?.destroy();
        throw error;
      }

      stream?.pipe(counted);
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: key,
          Body: bytes ?? counted,
          ContentType: 'application/pdf',
          IfNoneMatch: '*',
        },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        stream?.destroy();
        throw failure ?? error;
      }
      if (failure) {
        // The stream failed after the last part went out: the object must not stay.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        throw failure;
      }
      return { path: key, size: bytes ? bytes.byteLength : size };
    },

    async stat(key) {
      assertValidKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    read,

    async readWhole(key, size) {
      const { body, length } = await getObject(key);
      // Compared before a buffer of `size` bytes is made: the size comes from a request.
      if (length !== undefined && length !== size) {
        body.destroy();
        return null;
      }
      return readStreamWhole(body, size);
    },

    async remove(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async removePrefix(prefix) {
      const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
      assertValidKey(trimmed);
      // Whole key parts only, like a directory: "c1" must not take "c10/…" with it.
      const keys = [
        ...(await keysUnder(`${trimmed}/`)),
        ...((await exists(trimmed)) ? [trimmed] : []),
      ];
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: {
              Objects: keys.slice(start, start + DELETE_BATCH).map((Key) => ({ Key })),
              Quiet: true,
            },
          }),
        );
      }
    },

    /** Aborts multipart uploads a crash left open (S3 keeps and bills their parts). */
    async sweepIncomplete({ olderThanMs = 0 } = {}) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      try {
        let keyMarker: string | undefined;
        let uploadIdMarker: string | undefined;
        do {
          const page = await client.send(
            new ListMultipartUploadsCommand({
              Bucket,
              KeyMarker: keyMarker,
              UploadIdMarker: uploadIdMarker,
            }),
          );
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !upload.UploadId) continue;
            if (olderThanMs > 0 && (upload.Initiated?.getTime() ?? 0) > cutoff) continue;
            await client.send(
              new AbortMultipartUploadCommand({
                Bucket,
                Key: upload.Key,
                UploadId: upload.UploadId,
              }),
            );
            removed += 1;
          }
          keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
          uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
        } while (keyMarker);
      } catch (error) {
        // Some S3-compatible servers cannot list uploads; for them there is nothing to sweep.
        if (!isNotImplemented(error)) throw error;
      }
      return removed;
    },

    async list(prefix = '') {
      const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
      if (trimmed) assertValidKey(trimmed);
      const keys = await keysUnder(trimmed ? `${trimmed}/` : '');
      return keys.filter(isValidKey).sort();
    },
  };
}

// POST /api/files (multipart upload), POST /api/files/signed-url, GET /api/files/signed/:token.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, SIGNED_URL_TTL_SECONDS } from '@domain/limits';
import { isoDateTime } from '@domain/schemas/common';
import { uploadResultSchema } from '@domain/schemas/submissions';
import type { ServiceDeps } from '../deps';
import { AppError, badRequest, errorBody } from '../errors';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createFileService, fileTooLarge } from './files.service';
import { SIGNED_FILE_ROUTE, SIGNED_URL_MAX_SECONDS } from './signed-urls';

const signedUrlInputSchema = z.object({
  path: z.string().min(1).max(1000),
  expires_in: z
    .number()
    .int()
    .min(1)
    .max(SIGNED_URL_MAX_SECONDS)
    .default(SIGNED_URL_TTL_SECONDS.default),
});
const signedUrlSchema = z.object({ url: z.string(), expires_at: isoDateTime });
const assignmentIdSchema = z.uuid();

export const fileRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const files = createFileService(deps);

  // Scoped to this plugin: no other route accepts multipart bodies. The parser's own limit
  // sits one byte above ours so that storage sees an oversized file and refuses it, rather
  // than the parser quietly cutting it to exactly 10 MB.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  // A refused upload is answered before its body has been read. Read and drop the rest, so
  // the connection can carry the next request, but give up on a client that keeps sending.
  app.addHook('onResponse', async (request) => {
    const raw = request.raw;
    if (raw.complete || raw.destroyed) return;
    let allowance = MAX_UPLOAD_BYTES;
    raw.on('data', (chunk: Buffer) => {
      allowance -= chunk.length;
      if (allowance < 0) raw.destroy();
    });
    raw.resume();
  });

  app.post(
    '/files',
    {
      preHandler: app.requireRole('student'),
      config: { heavy: true },
      schema: {
        tags: ['files'],
        summary: 'Upload a PDF for an assignment (multipart: assignment_id, then file)',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: {
          201: uploadResultSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { assignmentId, part } = await readUploadParts(request);
      const parsedId = assignmentIdSchema.safeParse(assignmentId);
      if (!parsedId.success) {
        part.file.destroy();
        throw badRequest('Send a valid assignment_id field before the file.');
      }
      const result = await files
        .upload(actorOf(request), parsedId.data, {
          filename: part.filename,
          mimetype: part.mimetype,
          stream: part.file,
          truncated: () => part.file.truncated,
        })
        .catch((error: unknown) => {
          throw multipartError(error);
        });
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/files/signed-url',
    {
      preHandler: app.requireActor,
      schema: {
        tags: ['files'],
        summary: 'A time-limited link to a stored file the caller may read',
        security: [{ bearerAuth: [] }],
        body: signedUrlInputSchema,
        response: { 200: signedUrlSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      files.createSignedUrl(actorOf(request), request.body.path, request.body.expires_in),
  );

  // A wildcard, not ':token': Fastify caps named parameters at 100 characters, and a token
  // carries a whole storage key.
  app.get(
    `${SIGNED_FILE_ROUTE.replace(/^\/api/, '')}/*`,
    {
      // A download streams for as long as the client reads: it must not hold a reader's place.
      config: { databaseAdmission: false },
      schema: {
        tags: ['files'],
        summary:
          'Stream a file through a signed link (public: the token is the key); honours Range',
        params: z.object({ '*': z.string().min(1).max(4096).describe('The signed token') }),
        response: {
          200: z.any().describe('The whole file (application/pdf)'),
          206: z.any().describe('The requested byte range (application/pdf)'),
          ...errorResponses(400, 403, 404, 416),
        },
      },
    },
    async (request, reply) => {
      const read = await files.readSigned(request.params['*'], request.headers.range);
      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
      if (read.kind === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${read.size}`)
          .send(errorBody('RANGE_NOT_SATISFIABLE', 'The requested range is outside the file.'));
      }
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${read.filename}"`)
        // The web client may show the PDF in a frame of its own pages.
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN');
      if (read.range) {
        const { start, end } = read.range;
        reply
          .status(206)
          .header('content-range', `bytes ${start}-${end}/${read.size}`)
          .header('content-length', end - start + 1);
      } else {
        reply.status(200).header('content-length', read.size);
      }
      return reply.send(read.stream);
    },
  );
};

/**
 * The fields sent before the file, and the file. The parts are read in order, so a field that
 * follows the file is never seen: the assignment must be known before a byte is stored.
 */
async function readUploadParts(request: FastifyRequest) {
  let assignmentId: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'assignment_id') assignmentId = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.destroy();
        throw badRequest('Send the PDF in the field named "file".');
      }
      return { assignmentId, part };
    }
  } catch (error) {
    throw multipartError(error);
  }
  throw badRequest('Choose a PDF file to upload.');
}

function multipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  // Busboy refuses a multipart content type without a boundary before reading a byte.
  if (error instanceof Error && code === undefined && /boundary not found/i.test(error.message)) {
    return badRequest('The upload is not valid multipart/form-data: it names no boundary.');
  }
  if (code === 'FST_FILES_LIMIT') return badRequest('Send one file at a time.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('Send only the assignment_id field and the file.');
  }
  // Busboy's complaints about a body that stops or breaks off mid-part have no code.
  if (
    error instanceof Error &&
    (code === 'FST_MP_PREMATURE_CLOSE' ||
      (code === undefined && /unexpected end|malformed|terminated early/i.test(error.message)))
  ) {
    return badRequest('The upload was cut off. Please try again.');
  }
  return error;
}

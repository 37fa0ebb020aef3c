import type { FastifyRequest } from 'fastify';
import type { AppError } from './errors';

export type UploadedFile = { filename: string; data: Buffer };

/**
 * Reads the one file of a multipart request, at most `maxBytes`. A request that is not multipart or carries no file
 * (or an empty one) gets `missing()`; one past the limit gets `tooLarge(filename)`. Checking the content is the
 * caller's business (by its bytes, with file-type, never by the name).
 */
export async function readOneFile(
  req: FastifyRequest,
  options: { maxBytes: number; missing: () => AppError; tooLarge: (filename: string) => AppError },
): Promise<UploadedFile> {
  if (!req.isMultipart()) throw options.missing();
  let part;
  try {
    part = await req.file({ throwFileSizeLimit: true, limits: { fileSize: options.maxBytes, files: 1, fields: 5 } });
  } catch {
    throw options.missing();
  }
  if (!part) throw options.missing();
  const filename = part.filename || '';
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw options.tooLarge(filename);
    throw err;
  }
  // busboy may flag the cut only after the last chunk was read: check again once the stream has ended
  if (part.file.truncated || data.length > options.maxBytes) throw options.tooLarge(filename);
  if (data.length === 0) throw options.missing();
  return { filename, data };
}

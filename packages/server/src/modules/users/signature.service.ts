import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import { SIGNATURE_MAX_BYTES, SIGNATURE_MIME_TYPES } from '@rehab/shared';
import type { AppContext } from '../../context';
import { userSignatures } from '../../db/schema';
import { AppError, badRequest } from '../../http/errors';

/**
 * Reads the one image of a multipart upload (field `file`) and checks it by content: PNG or JPG (whatever its name
 * or declared type says), at most 5 MB (spec section 5, Upload).
 */
export async function readSignatureUpload(req: FastifyRequest): Promise<{ mime: string; image: Buffer }> {
  if (!req.isMultipart()) throw badRequest('admin.signatureMissing');
  const file = await req.file({ limits: { fileSize: SIGNATURE_MAX_BYTES, files: 1, fields: 5 } });
  if (!file) throw badRequest('admin.signatureMissing');
  let image: Buffer;
  try {
    image = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'admin.signatureTooLarge');
    }
    throw err;
  }
  // busboy may flag the cut only after the last chunk was read: check again once the stream has ended
  if (file.file.truncated || image.length > SIGNATURE_MAX_BYTES) throw new AppError(413, 'admin.signatureTooLarge');
  if (image.length === 0) throw badRequest('admin.signatureMissing');
  const type = await fileTypeFromBuffer(image);
  if (!type || !(SIGNATURE_MIME_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError(400, 'admin.signatureType', {}, { field: 'file' });
  }
  return { mime: type.mime, image };
}

export async function saveSignature(
  app: AppContext,
  userId: number,
  by: number,
  upload: { mime: string; image: Buffer },
) {
  const values = {
    mime: upload.mime,
    image: upload.image,
    size: upload.image.length,
    updatedAt: new Date(),
    updatedBy: by,
  };
  await app.db
    .insert(userSignatures)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSignatures.userId, set: values });
}

export async function signatureOf(app: AppContext, userId: number) {
  const [row] = await app.db.select().from(userSignatures).where(eq(userSignatures.userId, userId)).limit(1);
  return row ?? null;
}

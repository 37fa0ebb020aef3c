import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import { SIGNATURE_MAX_BYTES, SIGNATURE_MIME_TYPES } from '@rehab/shared';
import type { AppContext } from '../../context';
import { userSignatures } from './users.tables';
import { AppError, badRequest } from '../../http/errors';
import { readOneFile } from '../../http/upload';
import { clockNow } from '../../kernel/clock';

/**
 * Reads the one image of a multipart upload (field `file`) and checks it by content: PNG or JPG (whatever its name
 * or declared type says), at most 5 MB (spec section 5, Upload).
 */
export async function readSignatureUpload(req: FastifyRequest): Promise<{ mime: string; image: Buffer }> {
  const { data: image } = await readOneFile(req, {
    maxBytes: SIGNATURE_MAX_BYTES,
    missing: () => badRequest('admin.signatureMissing'),
    tooLarge: () => new AppError(413, 'admin.signatureTooLarge'),
  });
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
    updatedAt: clockNow(),
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

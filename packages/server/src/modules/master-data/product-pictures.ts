import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_PICTURE_LIMITS, ResultCode, type ProductCover } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { Db, TxOrDb } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { acceptImage, sendStoredImage, storableFileName } from '../../http/images';
import { readOneFile } from '../../http/upload';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { sysProductInfo } from './master-data.tables';
import { productPictures as t } from './product-pictures.tables';

/** Who works on the pictures: the session's organization and user, never ones the client names. */
export type PictureScope = { organizationId: number; userId: number };

const row = {
  id: t.id,
  productId: t.productId,
  mime: t.mime,
  size: t.size,
  createdAt: t.createdAt,
};

const refused = (key: string, params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.badRequest, key, params, { field: 'file' });

/** Locks the organization's product (pictures of one product change one at a time); another organization's is 404. */
async function lockProduct(tx: TxOrDb, scope: PictureScope, productId: number) {
  const [product] = await tx
    .select({ id: sysProductInfo.id })
    .from(sysProductInfo)
    .where(and(eq(sysProductInfo.id, productId), eq(sysProductInfo.organizationId, scope.organizationId)))
    .limit(1)
    .for('update');
  if (!product) throw notFound();
}

const picturesOf = (db: TxOrDb, scope: PictureScope, productId: number) =>
  db
    .select(row)
    .from(t)
    .where(and(eq(t.productId, productId), eq(t.organizationId, scope.organizationId)))
    .orderBy(asc(t.position), asc(t.id));

/** A product's pictures in order (the first is the cover); another organization's product is 404. */
export async function listPictures(db: Db, scope: PictureScope, productId: number) {
  const [product] = await db
    .select({ id: sysProductInfo.id })
    .from(sysProductInfo)
    .where(and(eq(sysProductInfo.id, productId), eq(sysProductInfo.organizationId, scope.organizationId)))
    .limit(1);
  if (!product) throw notFound();
  return picturesOf(db, scope, productId);
}

/** The cover (first picture) and picture count of each of the organization's products among `ids` that has any. */
export async function pictureCovers(db: Db, scope: PictureScope, ids: number[]): Promise<ProductCover[]> {
  if (ids.length === 0) return [];
  return db
    .selectDistinctOn([t.productId], {
      productId: t.productId,
      pictureId: t.id,
      count: sql<number>`(count(*) over (partition by ${t.productId}))::int`,
    })
    .from(t)
    .where(and(eq(t.organizationId, scope.organizationId), inArray(t.productId, ids)))
    .orderBy(asc(t.productId), asc(t.position), asc(t.id));
}

/** Sends one picture of the organization (another organization's is 404), typed by what was stored, never sniffed. */
export async function sendPicture(db: Db, scope: PictureScope, id: number, reply: FastifyReply) {
  const [picture] = await db
    .select({ data: t.data, mime: t.mime })
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, scope.organizationId)))
    .limit(1);
  if (!picture) throw notFound();
  // a picture never changes (a new upload is a new id): the browser may keep it
  return sendStoredImage(reply, picture, `product-picture-${id}`, 86_400);
}

/**
 * Adds a picture at the end of a product's pictures: JPEG, PNG or WebP by its bytes (the name and declared type do
 * not count), at most 5 MB, six a product, stored compressed when that is smaller. A refused upload writes nothing.
 */
export async function uploadPicture(app: AppContext, scope: PictureScope, productId: number, req: FastifyRequest) {
  const upload = await readOneFile(req, {
    maxBytes: PRODUCT_PICTURE_LIMITS.bytes,
    missing: () => refused('productPicture.missing'),
    tooLarge: (name) =>
      new AppError(ResultCode.payloadTooLarge, 'productPicture.tooLarge', { name }, { field: 'file' }),
  });
  const stored = await acceptImage(upload.data, PRODUCT_PICTURE_LIMITS.types);
  if (!stored) throw refused('productPicture.type');
  return runUnitOfWork(app, async ({ tx, now }) => {
    await lockProduct(tx, scope, productId);
    const [{ n, last } = { n: 0, last: -1 }] = await tx
      .select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${t.position}), -1)::int` })
      .from(t)
      .where(eq(t.productId, productId));
    if (n >= PRODUCT_PICTURE_LIMITS.max) {
      throw new AppError(ResultCode.badRequest, 'productPicture.tooMany', { max: PRODUCT_PICTURE_LIMITS.max });
    }
    const [picture] = await tx
      .insert(t)
      .values({
        organizationId: scope.organizationId,
        productId,
        position: last + 1,
        name: storableFileName(upload.filename, 'picture'),
        mime: stored.mime,
        size: stored.data.length,
        data: stored.data,
        createdBy: scope.userId,
        createdAt: now,
      })
      .returning(row);
    return picture!;
  });
}

/** Writes positions 0, 1, ... in the given order. */
async function renumber(tx: TxOrDb, ids: number[]) {
  for (const [position, id] of ids.entries()) await tx.update(t).set({ position }).where(eq(t.id, id));
}

/** Removes a picture of the organization (another organization's is 404); the next one becomes the cover. */
export async function removePicture(app: AppContext, scope: PictureScope, id: number) {
  await runUnitOfWork(app, async ({ tx }) => {
    const [picture] = await tx
      .select({ productId: t.productId })
      .from(t)
      .where(and(eq(t.id, id), eq(t.organizationId, scope.organizationId)))
      .limit(1);
    if (!picture) throw notFound();
    await lockProduct(tx, scope, picture.productId);
    await tx.delete(t).where(eq(t.id, id));
    await renumber(
      tx,
      (await picturesOf(tx, scope, picture.productId)).map((p) => p.id),
    );
  });
}

/** Puts a product's pictures in the given order (every picture once; the first is the cover). */
export async function sortPictures(app: AppContext, scope: PictureScope, productId: number, ids: number[]) {
  await runUnitOfWork(app, async ({ tx }) => {
    await lockProduct(tx, scope, productId);
    const current = (await picturesOf(tx, scope, productId)).map((p) => p.id);
    const same =
      ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
    if (!same) throw new AppError(ResultCode.badRequest, 'productPicture.order', {}, { field: 'ids' });
    await renumber(tx, ids);
  });
}

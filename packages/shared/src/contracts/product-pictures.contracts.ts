import { z } from 'zod';
import { productInfoEntity } from '../entities/product-info.entity';
import { entityPermissions } from '../entities/registry';
import { idParamSchema, idSchema } from '../schemas/common.schema';
import { defineEndpoint, fileResponse, okResponse } from './endpoint';

/**
 * The pictures of a product of the information catalogue (产品信息, issue 20): up to six a product, JPEG, PNG or WebP
 * checked by their bytes, at most 5 MB each; the first is the cover. Reading them takes the product list's code,
 * changing them the product's edit code (a picture belongs to a product that is already saved).
 */
export const PRODUCT_PICTURE_LIMITS = { max: 6, bytes: 5 * 1024 * 1024, types: ['jpg', 'png', 'webp'] } as const;

const perms = entityPermissions(productInfoEntity);
const base = `${productInfoEntity.api}/picture`;

/** A picture as the list answers it (its bytes come from `file`), in the product's order: the first is the cover. */
export const productPictureSchema = z.strictObject({
  id: z.number().int(),
  productId: z.number().int(),
  mime: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type ProductPicture = z.output<typeof productPictureSchema>;

/** The cover of each listed product that has pictures, and how many it has. */
export const productCoverSchema = z.strictObject({
  productId: z.number().int(),
  pictureId: z.number().int(),
  count: z.number().int(),
});
export type ProductCover = z.output<typeof productCoverSchema>;

const idsSchema = z.array(idSchema).max(1000);

export const productPicturesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${base}/list/:id`,
    access: { permission: perms.list },
    params: idParamSchema,
    response: z.strictObject({ data: z.array(productPictureSchema) }),
    summary: { 'zh-CN': '产品的图片（第一张为封面）', en: "A product's pictures (the first is the cover)" },
  }),
  covers: defineEndpoint({
    method: 'POST',
    path: `${base}/coverList`,
    access: { permission: perms.list },
    body: z.object({ ids: idsSchema }),
    response: z.strictObject({ data: z.array(productCoverSchema) }),
    summary: { 'zh-CN': '产品的封面图片（列表缩略图）', en: 'The covers of products (list thumbnails)' },
  }),
  file: defineEndpoint({
    method: 'GET',
    path: `${base}/file/:id`,
    access: { permission: perms.list },
    params: idParamSchema,
    response: fileResponse,
    kind: 'download',
    summary: { 'zh-CN': '一张产品图片', en: 'One product picture' },
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: `${base}/upload/:id`,
    access: { permission: perms.update },
    params: idParamSchema,
    kind: 'upload',
    response: z.strictObject({ data: productPictureSchema }),
    summary: {
      'zh-CN': '为产品上传图片（multipart 字段 file；JPEG/PNG/WebP，按内容检查，最大 5 MB，最多 6 张）',
      en: 'Adds a picture to a product (multipart field `file`; JPEG/PNG/WebP by content, at most 5 MB, 6 a product)',
    },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: `${base}/delete`,
    access: { permission: perms.update },
    body: z.object({ id: idSchema }),
    response: okResponse,
    summary: { 'zh-CN': '删除产品图片', en: 'Removes a product picture' },
  }),
  sort: defineEndpoint({
    method: 'POST',
    path: `${base}/sort`,
    access: { permission: perms.update },
    body: z.object({ productId: idSchema, ids: idsSchema.min(1).max(PRODUCT_PICTURE_LIMITS.max) }),
    response: okResponse,
    summary: {
      'zh-CN': '调整产品图片顺序（第一张为封面）',
      en: "Reorders a product's pictures (the first is the cover)",
    },
  }),
};

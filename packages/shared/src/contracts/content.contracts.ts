import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import {
  ContentPerm,
  appletCategorySchema,
  appletHomeParamSchema,
  appletItemParamSchema,
  appletItemSchema,
  appletLangSchema,
  appletListQuerySchema,
  appletOrgParamSchema,
  appletSummarySchema,
  appletTokenParamSchema,
  approveSchema,
  categorySaveSchema,
  categorySchema,
  contentDetailSchema,
  contentIdSchema,
  contentListQuerySchema,
  contentRowSchema,
  contentSaveSchema,
  educationSendRowSchema,
  educationSendSchema,
  mediaSchema,
  previewSchema,
  rejectSchema,
} from '../content/content.schema';
import { defineEndpoint, fileResponse, okResponse, pageSchema } from './endpoint';

const base = '/sys/content';
const applet = '/sys/applet/:organizationId';
const idAnswer = z.strictObject({ data: z.strictObject({ id: z.number().int() }) });

/** A workflow step on one item (body `{ id }`). */
const step = (name: string, permission: string, zh: string, en: string) =>
  defineEndpoint({
    method: 'POST',
    path: `${base}/${name}`,
    access: { permission },
    body: contentIdSchema,
    response: okResponse,
    summary: { 'zh-CN': zh, en },
  });

/**
 * Mini-program content (小程序内容, /frisApplet, issue 20): homepages, categories, knowledge articles and education
 * items with their review workflow, the media library, education sent to patients, and the public read API the
 * mini-program calls per organization (published content only, with ETags).
 */
export const contentEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/page`,
    access: { permission: ContentPerm.list },
    query: contentListQuerySchema,
    response: z.strictObject({ data: pageSchema(contentRowSchema) }),
    summary: { 'zh-CN': '内容列表', en: 'Content items' },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: `${base}/info/:id`,
    access: { permission: ContentPerm.list },
    params: idParamSchema,
    response: z.strictObject({ data: contentDetailSchema }),
    summary: { 'zh-CN': '内容详情（含版本）', en: 'One item with its versions' },
  }),
  homepage: defineEndpoint({
    method: 'GET',
    path: `${base}/homepage/:kind`,
    access: { permission: ContentPerm.list },
    params: z.object({ kind: z.enum(['company', 'hospital']) }),
    response: z.strictObject({ data: contentDetailSchema.nullable() }),
    summary: { 'zh-CN': '公司或医院主页', en: 'The company or hospital homepage' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: `${base}/save`,
    access: { permission: ContentPerm.save },
    body: contentSaveSchema,
    response: idAnswer,
    summary: { 'zh-CN': '保存草稿', en: 'Saves a draft' },
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: `${base}/preview`,
    access: { permission: ContentPerm.list },
    body: z.strictObject({ zh: z.string().max(200_000), en: z.string().max(200_000) }),
    response: z.strictObject({ data: previewSchema }),
    summary: { 'zh-CN': '小程序预览（受限 HTML）', en: 'Mini-program preview (restricted HTML)' },
  }),
  submit: step('submit', ContentPerm.save, '提交审核', 'Submits the draft for review'),
  approve: defineEndpoint({
    method: 'POST',
    path: `${base}/approve`,
    access: { permission: ContentPerm.review },
    body: approveSchema,
    response: okResponse,
    summary: { 'zh-CN': '审核通过并发布（可定时）', en: 'Approves and publishes (now or at a set time)' },
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: `${base}/reject`,
    access: { permission: ContentPerm.review },
    body: rejectSchema,
    response: okResponse,
    summary: { 'zh-CN': '退回修改', en: 'Sends it back to the author' },
  }),
  unpublish: step('unpublish', ContentPerm.review, '下架', 'Unpublishes'),
  remove: step('delete', ContentPerm.save, '删除未发布的内容', 'Deletes an item never published'),
  categories: defineEndpoint({
    method: 'GET',
    path: `${base}/category/list`,
    access: { permission: ContentPerm.list },
    response: z.strictObject({ data: z.array(categorySchema) }),
    summary: { 'zh-CN': '内容分类', en: 'Categories' },
  }),
  saveCategory: defineEndpoint({
    method: 'POST',
    path: `${base}/category/save`,
    access: { permission: ContentPerm.save },
    body: categorySaveSchema,
    response: idAnswer,
    summary: { 'zh-CN': '保存分类', en: 'Saves a category' },
  }),
  deleteCategory: defineEndpoint({
    method: 'POST',
    path: `${base}/category/delete`,
    access: { permission: ContentPerm.save },
    body: contentIdSchema,
    response: okResponse,
    summary: { 'zh-CN': '删除未使用的分类', en: 'Deletes an unused category' },
  }),
  media: defineEndpoint({
    method: 'GET',
    path: `${base}/media/list`,
    access: { permission: ContentPerm.list },
    response: z.strictObject({ data: z.array(mediaSchema) }),
    summary: { 'zh-CN': '媒体库', en: 'The media library' },
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: `${base}/media/upload`,
    access: { permission: ContentPerm.save },
    kind: 'upload',
    response: z.strictObject({ data: mediaSchema }),
    summary: {
      'zh-CN': '上传图片（multipart 字段 file，按内容检查，最大 5 MB）',
      en: 'Uploads an image (multipart field `file`), checked by content, at most 5 MB',
    },
  }),
  sendEducation: defineEndpoint({
    method: 'POST',
    path: `${base}/education/send`,
    access: { permission: ContentPerm.send },
    body: educationSendSchema,
    response: idAnswer,
    summary: { 'zh-CN': '向患者发送宣教', en: 'Sends an education item to a patient' },
  }),
  educationOfPatient: defineEndpoint({
    method: 'GET',
    path: `${base}/education/patient/:id`,
    access: { permission: ContentPerm.send },
    params: idParamSchema,
    response: z.strictObject({ data: z.array(educationSendRowSchema) }),
    summary: { 'zh-CN': '患者已收到的宣教及阅读情况', en: "A patient's education items and read receipts" },
  }),
  // ---- the mini-program's public read API (published content only; ETag / If-None-Match) -----------------------
  appletHome: defineEndpoint({
    method: 'GET',
    path: `${applet}/home/:kind`,
    access: 'public',
    params: appletHomeParamSchema,
    query: appletLangSchema,
    response: z.strictObject({ data: appletItemSchema.nullable() }),
    summary: { 'zh-CN': '小程序：公司/医院主页', en: 'Mini-program: a homepage' },
  }),
  appletCategories: defineEndpoint({
    method: 'GET',
    path: `${applet}/categories`,
    access: 'public',
    params: appletOrgParamSchema,
    query: appletLangSchema,
    response: z.strictObject({ data: z.array(appletCategorySchema) }),
    summary: { 'zh-CN': '小程序：分类', en: 'Mini-program: categories' },
  }),
  appletList: defineEndpoint({
    method: 'GET',
    path: `${applet}/items`,
    access: 'public',
    params: appletOrgParamSchema,
    query: appletListQuerySchema,
    response: z.strictObject({ data: z.array(appletSummarySchema) }),
    summary: { 'zh-CN': '小程序：已发布的文章或宣教', en: 'Mini-program: published articles or education' },
  }),
  appletItem: defineEndpoint({
    method: 'GET',
    path: `${applet}/item/:id`,
    access: 'public',
    params: appletItemParamSchema,
    query: appletLangSchema,
    response: z.strictObject({ data: appletItemSchema }),
    summary: { 'zh-CN': '小程序：文章详情', en: 'Mini-program: one published item' },
  }),
  appletMedia: defineEndpoint({
    method: 'GET',
    path: `${applet}/media/:id`,
    access: 'public',
    params: appletItemParamSchema,
    kind: 'download',
    response: fileResponse,
    summary: { 'zh-CN': '小程序：图片', en: 'Mini-program: an image' },
  }),
  appletEducation: defineEndpoint({
    method: 'GET',
    path: '/sys/applet/education/:token',
    access: 'public',
    params: appletTokenParamSchema,
    query: appletLangSchema,
    response: z.strictObject({ data: appletItemSchema }),
    summary: {
      'zh-CN': '小程序：患者打开收到的宣教（记录已读）',
      en: 'Mini-program: the patient opens an education item sent to them (read receipt)',
    },
  }),
};

import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import {
  currentVersionSchema,
  SystemPerm,
  versionPageSchema,
  versionRowSchema,
  versionSaveSchema,
  versionUpdateSchema,
} from '../schemas/system.schema';
import { defineEndpoint, pageSchema } from './endpoint';

/** The versions and their release notes (spec section 7, Administration); platform-wide, not per organization. */
export const versionsEndpoints = {
  current: defineEndpoint({
    method: 'GET',
    path: '/sys/version/getCurrentVersion',
    access: 'public',
    response: z.strictObject({ data: currentVersionSchema.nullable() }),
    summary: {
      'zh-CN': '当前版本及其更新说明（调用者的语言）；无已发布版本时为 null',
      en: "The current version and its release notes in the caller's language; null when none is published",
    },
  }),
  page: defineEndpoint({
    method: 'POST',
    path: '/sys/version/pageInfo',
    access: { permission: SystemPerm.versionList },
    body: versionPageSchema,
    response: z.strictObject({ data: pageSchema(versionRowSchema) }),
    summary: {
      'zh-CN': '版本分页列表，可按版本号搜索',
      en: 'One page of the versions, optionally searched by version text',
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/version/info/:id',
    access: { permission: SystemPerm.versionInfo },
    params: idParamSchema,
    response: z.strictObject({ data: versionRowSchema }),
    summary: { 'zh-CN': '版本详情', en: 'One version' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/version/save',
    access: { permission: SystemPerm.versionSave },
    body: versionSaveSchema,
    response: z.strictObject({ data: versionRowSchema }),
    summary: {
      'zh-CN': '新增版本；设为当前版本时取消其他版本的当前标记',
      en: 'Adds a version; making it current un-marks the others',
    },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/version/update',
    access: { permission: SystemPerm.versionUpdate },
    body: versionUpdateSchema,
    response: z.strictObject({ data: versionRowSchema }),
    summary: {
      'zh-CN': '修改版本；设为当前版本时取消其他版本的当前标记',
      en: 'Changes a version; making it current un-marks the others',
    },
  }),
};

import { z } from 'zod';
import {
  DictPerm,
  dictItemDeleteSchema,
  dictItemRowSchema,
  dictItemSaveSchema,
  dictItemUpdateSchema,
  dictListSchema,
  dictOptionSchema,
  dictTypeParamSchema,
  orgDictOptionSchema,
  orgDictQuerySchema,
  orgDictTypeParamSchema,
} from '../dictionaries/dict.schema';
import { defineEndpoint, pageSchema } from './endpoint';

/**
 * Dictionaries (spec section 7): the application dictionaries every screen reads (built-in entries, then the
 * organization's own), their maintenance, and the organization dictionary lists (staff, offices, master data).
 */
export const dictionariesEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: '/sys/dict/list',
    access: 'organization',
    body: dictListSchema,
    response: z.strictObject({ data: pageSchema(dictOptionSchema) }),
    summary: {
      'zh-CN': '应用字典（调用者的语言）：内置条目在前，本机构自定义条目在后',
      en: "An application dictionary in the caller's language: the built-in entries, then the organization's own",
    },
  }),
  org: defineEndpoint({
    method: 'GET',
    path: '/sys/dict/org/:type',
    access: 'organization',
    params: orgDictTypeParamSchema,
    query: orgDictQuerySchema,
    response: z.strictObject({ data: z.array(orgDictOptionSchema) }),
    summary: {
      'zh-CN': '本机构的字典列表（医生、治疗师、科室、基础数据等）',
      en: 'An organization dictionary list of the current organization (doctors, therapists, offices, master data…)',
    },
  }),
  entries: defineEndpoint({
    method: 'GET',
    path: '/sys/dict/entries/:type',
    access: { permission: DictPerm.list },
    params: dictTypeParamSchema,
    response: z.strictObject({ data: z.array(dictItemRowSchema) }),
    summary: {
      'zh-CN': '字典维护：一个字典的全部条目（中英文，内置及本机构自定义）',
      en: "Dictionary maintenance: every entry of one dictionary, in both languages, built-in and the organization's own",
    },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/dict/save',
    access: { permission: DictPerm.save },
    body: dictItemSaveSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int() }) }),
    summary: {
      'zh-CN': '在可扩展字典中新增本机构的条目',
      en: 'Adds an entry of the organization to an extensible dictionary',
    },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/dict/update',
    access: { permission: DictPerm.update },
    body: dictItemUpdateSchema,
    response: z.strictObject({}),
    summary: { 'zh-CN': '修改本机构的字典条目', en: "Changes an entry of the organization's own" },
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/sys/dict/delete',
    access: { permission: DictPerm.delete },
    body: dictItemDeleteSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '删除本机构的字典条目（全部存在才删除）',
      en: "Deletes entries of the organization's own (all of them or none)",
    },
  }),
};

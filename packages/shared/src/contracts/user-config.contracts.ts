import { z } from 'zod';
import { userConfigSchemas } from '../entities/user-config.schema';
import { defineEndpoint } from './endpoint';

/** Settings a user keeps across browsers, such as the columns chosen for a table (spec section 7: sys/userConfig). */
export const userConfigEndpoints = {
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/userConfig/info/:a/:b',
    access: 'session',
    params: userConfigSchemas().key,
    response: z.strictObject({ data: z.unknown() }),
    summary: {
      'zh-CN': '本人的某项设置（a 为页面，b 为表格）；未保存时为 null',
      en: 'One of one’s own settings (a: the screen, b: the table); null when none is saved',
    },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/userConfig/save',
    access: 'session',
    body: userConfigSchemas().save,
    response: z.strictObject({}),
    summary: { 'zh-CN': '保存本人的某项设置', en: 'Saves one of one’s own settings' },
  }),
};

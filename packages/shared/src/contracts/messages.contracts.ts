import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import {
  messageFileSchema,
  messageIdsSchema,
  messageInfoSchema,
  messageListQuerySchema,
  MessagePerm,
  messageRecipientQuerySchema,
  messageRowSchema,
  messageSaveSchema,
  recipientOfficeSchema,
  unreadCountSchema,
} from '../schemas/message.schema';
import { defineEndpoint, fileResponse, pageSchema } from './endpoint';

const updated = z.strictObject({ data: z.strictObject({ updated: z.number().int() }) });

/**
 * Internal messages (spec section 7, Messages, under /sys/message). Every member of an organization has an inbox;
 * sending needs sys:message:save and the cost-message list sys:message:cost.
 */
export const messagesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/sys/message/list',
    access: 'organization',
    query: messageListQuerySchema,
    response: z.strictObject({ data: pageSchema(messageRowSchema) }),
    summary: {
      'zh-CN': '站内消息分页列表（收件箱、已发送、回收站；费用消息需权限）',
      en: 'One page of the messages (inbox, sent, recycle bin; cost messages need their permission)',
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/message/info/:id',
    access: 'organization',
    params: idParamSchema,
    response: z.strictObject({ data: messageInfoSchema }),
    summary: { 'zh-CN': '消息详情（含附件与收件人阅读状态）', en: 'One message with its attachments and read states' },
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/sys/message/updateSign',
    access: 'organization',
    body: messageIdsSchema,
    response: updated,
    summary: { 'zh-CN': '将收到的消息标为已读', en: 'Marks received messages read' },
  }),
  markAllRead: defineEndpoint({
    method: 'POST',
    path: '/sys/message/updateAllSign',
    access: 'organization',
    response: updated,
    summary: { 'zh-CN': '收件箱全部标为已读', en: 'Marks every message of the inbox read' },
  }),
  recycle: defineEndpoint({
    method: 'POST',
    path: '/sys/message/recycleDelete',
    access: 'organization',
    body: messageIdsSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '将收到的消息移入回收站（全部或全不）',
      en: 'Moves received messages to the recycle bin, all or none',
    },
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/sys/message/recycleRestore',
    access: 'organization',
    body: messageIdsSchema,
    response: z.strictObject({}),
    summary: { 'zh-CN': '从回收站还原消息到收件箱', en: 'Takes messages out of the recycle bin, back to the inbox' },
  }),
  unreadCount: defineEndpoint({
    method: 'POST',
    path: '/sys/message/countUnreadMessage',
    access: 'organization',
    response: z.strictObject({ data: unreadCountSchema }),
    summary: {
      'zh-CN': '未读消息数（站内消息、执行消息）及最新一条未读',
      en: 'Unread counts (messages, execution messages) and the newest unread message',
    },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/message/save',
    access: { permission: MessagePerm.save },
    body: messageSaveSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int() }) }),
    summary: { 'zh-CN': '发送站内消息（收件人、附件）', en: 'Sends a message to its recipients, with attachments' },
  }),
  recipients: defineEndpoint({
    method: 'GET',
    path: '/sys/message/recipients',
    access: { permission: MessagePerm.save },
    query: messageRecipientQuerySchema,
    response: z.strictObject({ data: z.array(recipientOfficeSchema) }),
    summary: {
      'zh-CN': '可选收件人（按科室分组）',
      en: "The organization's users by office, for the recipient picker",
    },
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/sys/message/upload',
    access: { permission: MessagePerm.save },
    kind: 'upload',
    response: z.strictObject({ data: messageFileSchema }),
    summary: {
      'zh-CN': '上传一个附件（multipart 字段 file，按内容与大小检查）',
      en: 'Uploads one attachment (multipart field `file`), checked by content and size',
    },
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/sys/message/file/:id',
    access: 'organization',
    params: idParamSchema,
    kind: 'download',
    response: fileResponse,
    summary: { 'zh-CN': '下载消息附件', en: 'One attachment of a message' },
  }),
};

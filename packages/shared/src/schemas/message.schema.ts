import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from './common.schema';

/** Permission codes of the internal messages (spec section 7, Messages). Reading one's own mail needs none. */
export const MessagePerm = {
  /** send a message (compose screen) */
  save: 'sys:message:save',
  /** the cost-message screens */
  cost: 'sys:message:cost',
} as const;

/**
 * Kinds of message: `news` ordinary mail and notices, `execute` something to do (a work order or an assessment
 * authorized to you; counted apart as unReadExecuteMessageNum), `cost` billing notices (the cost-message screens).
 */
export const MESSAGE_CATEGORIES = ['news', 'execute', 'cost'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** Which list: received (inbox), sent by me, or received and moved to the recycle bin. */
export const MESSAGE_BOXES = ['inbox', 'sent', 'recycle'] as const;
export type MessageBox = (typeof MESSAGE_BOXES)[number];

/** Limits of message attachments (spec section 5 and 9: images JPG/JPEG/PNG up to 5 MB, attachments within 100M). */
export const MESSAGE_FILE_LIMITS = {
  imageBytes: 5 * 1024 * 1024,
  fileBytes: 20 * 1024 * 1024,
  totalBytes: 100 * 1024 * 1024,
  maxFiles: 10,
  maxRecipients: 500,
  titleMax: 100,
  contentMax: 50_000,
} as const;

export const MESSAGE_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const MESSAGE_DOCUMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'odt',
  'ods',
  'odp',
] as const;
export const MESSAGE_VIDEO_EXTENSIONS = ['mp4', 'webm', 'mov'] as const;
export const MESSAGE_FILE_EXTENSIONS: readonly string[] = [
  ...MESSAGE_IMAGE_EXTENSIONS,
  ...MESSAGE_DOCUMENT_EXTENSIONS,
  ...MESSAGE_VIDEO_EXTENSIONS,
];

/** File kind from the extension (spec section 4): images 2, documents 1, videos 3, anything else 0. */
export function fileKindOf(name: string): 0 | 1 | 2 | 3 {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (['jpg', 'jpeg', 'png', 'gif', 'bmp', 'svg', 'webp'].includes(ext)) return 2;
  if (['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'odt', 'ods', 'odp'].includes(ext)) return 1;
  if (['mp4', 'mkv', 'webm', 'avi', 'mov', 'flv', 'wmv'].includes(ext)) return 3;
  return 0;
}

/** The MQTT topic of a user's live messages in one organization; the recipient is `userId:organizationId`. */
export const messageRecipient = (userId: number, organizationId: number) => `${userId}:${organizationId}`;
export const messageTopic = (userId: number, organizationId: number) =>
  `web/message/${messageRecipient(userId, organizationId)}`;

/** What the broker delivers on a user's topic: a doorbell; the database holds the message. */
export type LiveMessage = { id: number; recipient: string; category: MessageCategory };

/**
 * The MQTT topic of an organization's schedule doorbell: rung after a change that the scheduling board and the
 * schedule views show is committed (a booking saved, moved or cancelled, a leave, a shift, an order's state).
 */
export const scheduleTopic = (organizationId: number) => `web/schedule/${organizationId}`;

/** What the broker delivers on an organization's schedule topic: only that something changed; screens refetch. */
export type ScheduleDoorbell = { organizationId: number };

const isoTime = z.iso.datetime({ offset: true, error: 'validation.invalid' });

/** GET /api/sys/message/list */
export const messageListQuerySchema = pageQuerySchema.extend({
  box: z.enum(MESSAGE_BOXES).default('inbox'),
  /** `cost` for the cost-message screen; the inbox shows the other kinds */
  category: z.enum(['cost', 'mail']).default('mail'),
  title: z.string().trim().max(100).optional(),
  /** a part of the sender's name */
  sender: z.string().trim().max(64).optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
  /** 0 unread only, 1 read only */
  sign: numberFrom(z.union([z.literal(0), z.literal(1)])).optional(),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

/** Ids of messages (a bare array or `{ ids }`). */
export const messageIdsSchema = z.preprocess(
  (v) => (Array.isArray(v) ? { ids: v } : v),
  z.object({ ids: z.array(idSchema).min(1).max(1000) }),
);

/** POST /api/sys/message/save. `sender` and `senderName` of the original call are taken from the session. */
export const messageSaveSchema = z.object({
  title: z.string().trim().min(1).max(MESSAGE_FILE_LIMITS.titleMax),
  /** rich text (HTML); sanitized on the server */
  content: z.string().min(1).max(MESSAGE_FILE_LIMITS.contentMax),
  /** user ids of the current organization */
  recipients: z.array(idSchema).min(1).max(MESSAGE_FILE_LIMITS.maxRecipients),
  /** ids of files uploaded with /sys/message/upload */
  files: z.array(idSchema).max(MESSAGE_FILE_LIMITS.maxFiles).default([]),
  sender: z.unknown().optional(),
  senderName: z.unknown().optional(),
});
export type MessageSaveInput = z.input<typeof messageSaveSchema>;

/** GET /api/sys/message/recipients: the organization's users by office, for the recipient picker. */
export const messageRecipientQuerySchema = z.object({ name: z.string().trim().max(64).optional() });

/** An attachment of a message (also the upload's answer). */
export const messageFileSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  kind: z.number().int(),
  mime: z.string(),
});
export type MessageFile = z.output<typeof messageFileSchema>;

const messageRowFields = {
  id: z.number().int(),
  title: z.string(),
  category: z.enum(MESSAGE_CATEGORIES),
  sender: z.number().int().nullable(),
  senderName: z.string(),
  /** 1 read, 0 unread (for the sent box: 1) */
  sign: z.union([z.literal(0), z.literal(1)]),
  time: z.string(),
  fileCount: z.number().int(),
  /** names of the recipients (sent box) */
  recipientNames: z.array(z.string()),
};

/** A row of the message lists. */
export const messageRowSchema = z.strictObject(messageRowFields);
export type MessageRow = z.output<typeof messageRowSchema>;

/** GET /api/sys/message/info/:id */
export const messageInfoSchema = z.strictObject({
  ...messageRowFields,
  content: z.string(),
  files: z.array(messageFileSchema),
  recipients: z.array(z.strictObject({ id: z.number().int(), name: z.string(), read: z.boolean() })),
  /** where a product message points to (a work order, an assessment), a screen path */
  link: z.string().nullable(),
  /** the caller sent it (no read state of their own) */
  mine: z.boolean(),
});
export type MessageInfo = z.output<typeof messageInfoSchema>;

export const unreadCountSchema = z.strictObject({
  unReadMessageNum: z.number().int(),
  unReadExecuteMessageNum: z.number().int(),
  /** the newest unread message, for the banner */
  latest: z
    .strictObject({ id: z.number().int(), title: z.string(), senderName: z.string(), time: z.string() })
    .nullable(),
});
export type UnreadCount = z.output<typeof unreadCountSchema>;

/** Recipient picker: offices with their users. */
export const recipientOfficeSchema = z.strictObject({
  officeId: z.number().int().nullable(),
  officeName: z.string(),
  users: z.array(z.strictObject({ id: z.number().int(), name: z.string() })),
});
export type RecipientOffice = z.output<typeof recipientOfficeSchema>;

import { MessagePerm, messagesEndpoints as endpoints, toPage } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import type { OrgSession } from '../../http/session';
import { forbidden } from '../../http/errors';
import { dropStaleUploads, sendAttachment, storeUpload } from './message-files';
import {
  countUnread,
  listMessages,
  markRead,
  messageInfo,
  moveToRecycleBin,
  recipientOptions,
  saveMessage,
} from './messages.service';

const scopeOf = (session: OrgSession) => ({ userId: session.userId, organizationId: session.organizationId });

/**
 * Internal messages (spec section 7, Messages, under /sys/message). Every member of an organization has an inbox
 * there; sending needs sys:message:save and the cost-message list sys:message:cost.
 */
export const messageRoutes = [
  defineRoute(endpoints.list, {
    handler: async ({ app, session, query, locale }) => {
      if (query.category === 'cost' && !session.permissions.has(MessagePerm.cost)) throw forbidden();
      const { list, total } = await listMessages(app, scopeOf(session as OrgSession), query, locale);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),

  defineRoute(endpoints.info, {
    handler: async ({ app, session, params, locale }) => ({
      data: await messageInfo(app, scopeOf(session as OrgSession), params.id, locale),
    }),
  }),

  /** Marks received messages read. */
  defineRoute(endpoints.markRead, {
    handler: async ({ app, session, body }) => ({
      data: { updated: await markRead(app, scopeOf(session as OrgSession), body.ids) },
    }),
  }),

  /** Marks every message of the inbox read. */
  defineRoute(endpoints.markAllRead, {
    handler: async ({ app, session }) => ({
      data: { updated: await markRead(app, scopeOf(session as OrgSession), 'all') },
    }),
  }),

  /** Moves received messages to the recycle bin (all or none). */
  defineRoute(endpoints.recycle, {
    handler: async ({ app, session, body }) => {
      await moveToRecycleBin(app, scopeOf(session as OrgSession), body.ids);
      return {};
    },
  }),

  /** Takes messages out of the recycle bin, back to the inbox. */
  defineRoute(endpoints.restore, {
    handler: async ({ app, session, body }) => {
      await moveToRecycleBin(app, scopeOf(session as OrgSession), body.ids, true);
      return {};
    },
  }),

  defineRoute(endpoints.unreadCount, {
    handler: async ({ app, session, locale }) => ({
      data: await countUnread(app, scopeOf(session as OrgSession), locale),
    }),
  }),

  defineRoute(endpoints.save, {
    successKey: 'message.sent',
    handler: async ({ app, session, body }) => ({
      data: { id: await saveMessage(app, session as OrgSession, body) },
    }),
  }),

  /** The organization's users by office, for the recipient picker of the compose screen. */
  defineRoute(endpoints.recipients, {
    handler: async ({ app, session, query, locale }) => ({
      data: await recipientOptions(app, session.organizationId!, locale, query.name),
    }),
  }),

  /** One attachment (multipart field `file`), checked by content and size; sent with a message by its id. */
  defineRoute(endpoints.upload, {
    handler: async ({ app, session, req }) => {
      await dropStaleUploads(app, session.userId);
      return { data: await storeUpload(app, session as OrgSession, req) };
    },
  }),

  /** An attachment may be a patient's document: its download is in the access log (only when it is served). */
  defineRoute(endpoints.file, {
    handler: async ({ app, session, params, reply, auditRead }) => {
      auditRead({ kind: 'file', subject: `message attachment ${params.id}` });
      await sendAttachment(app, session as OrgSession, params.id, reply);
    },
  }),
];

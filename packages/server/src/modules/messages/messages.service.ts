import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  LOCALES,
  translate,
  type Locale,
  type MessageCategory,
  type MessageFile,
  type MessageInfo,
  type MessageRow,
  type NameLang,
  type RecipientOffice,
  type UnreadCount,
  type messageListQuerySchema,
  type messageSaveSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { offices } from '../offices/offices.tables';
import { userOffices, userOrganizations, users } from '../users/users.tables';
import { AppError, notFound } from '../../http/errors';
import type { OrgSession } from '../../http/session';
import { messageFiles, messageRecipients, messages } from './messages.tables';
import { htmlText, sanitizeMessageHtml, textToHtml } from './sanitize';
import { checkTotalSize } from './message-files';
import { clockNow } from '../../kernel/clock';
import { escapeLike } from '../../db/like';

type Scope = { userId: number; organizationId: number };
type ListQuery = z.output<typeof messageListQuerySchema>;

/** The text in the reader's language: product messages carry both, user messages one. */
const localized = (plain: string, lang: NameLang, locale: Locale) => lang[locale] || plain;

const senderNameOf = (row: { senderId: number | null; senderName: string | null }, locale: Locale) =>
  row.senderId === null && !row.senderName ? translate(locale, 'message.systemSender') : (row.senderName ?? '');

/** Messages the caller received in the current organization (in the inbox or the recycle bin). */
const receivedBy = (s: Scope) =>
  and(eq(messageRecipients.userId, s.userId), eq(messageRecipients.organizationId, s.organizationId));

/** One page of a box: received (inbox or recycle bin) or sent, newest first, with the search of the screen. */
export async function listMessages(app: AppContext, s: Scope, q: ListQuery, locale: Locale) {
  const where: SQL[] = [];
  if (q.category === 'cost') where.push(eq(messages.category, 'cost'));
  else where.push(ne(messages.category, 'cost'));
  if (q.title) where.push(ilike(messages.title, `%${escapeLike(q.title)}%`));
  if (q.sender) where.push(ilike(messages.senderName, `%${escapeLike(q.sender)}%`));
  if (q.startTime) where.push(gte(messages.createdAt, new Date(q.startTime)));
  if (q.endTime) where.push(lte(messages.createdAt, new Date(q.endTime)));
  const offset = (q.page - 1) * q.limit;

  if (q.box === 'sent') {
    where.push(eq(messages.senderId, s.userId), eq(messages.organizationId, s.organizationId));
    const condition = and(...where);
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      app.db
        .select()
        .from(messages)
        .where(condition)
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(q.limit)
        .offset(offset),
      app.db.select({ total: count() }).from(messages).where(condition),
    ]);
    const ids = rows.map((r) => r.id);
    const [names, files] = await Promise.all([recipientNamesOf(app, ids), fileCountsOf(app, ids)]);
    const list: MessageRow[] = rows.map((r) => ({
      ...rowOf(r, locale, 1, files.get(r.id) ?? 0),
      recipientNames: names.get(r.id) ?? [],
    }));
    return { list, total };
  }

  where.push(receivedBy(s)!);
  where.push(q.box === 'recycle' ? isNotNull(messageRecipients.deletedAt) : isNull(messageRecipients.deletedAt));
  if (q.sign === 0) where.push(isNull(messageRecipients.readAt));
  if (q.sign === 1) where.push(isNotNull(messageRecipients.readAt));
  const condition = and(...where);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    app.db
      .select({ m: messages, readAt: messageRecipients.readAt })
      .from(messageRecipients)
      .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
      .where(condition)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(q.limit)
      .offset(offset),
    app.db
      .select({ total: count() })
      .from(messageRecipients)
      .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
      .where(condition),
  ]);
  const files = await fileCountsOf(
    app,
    rows.map((r) => r.m.id),
  );
  const list: MessageRow[] = rows.map((r) => rowOf(r.m, locale, r.readAt ? 1 : 0, files.get(r.m.id) ?? 0));
  return { list, total };
}

function rowOf(m: typeof messages.$inferSelect, locale: Locale, sign: 0 | 1, fileCount: number): MessageRow {
  return {
    id: m.id,
    title: localized(m.title, m.titleLang, locale),
    category: m.category,
    sender: m.senderId,
    senderName: senderNameOf(m, locale),
    sign,
    time: m.createdAt.toISOString(),
    fileCount,
    recipientNames: [],
  };
}

async function recipientNamesOf(app: AppContext, ids: number[]) {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await app.db
    .select({ messageId: messageRecipients.messageId, name: users.name })
    .from(messageRecipients)
    .innerJoin(users, eq(users.id, messageRecipients.userId))
    .where(inArray(messageRecipients.messageId, ids))
    .orderBy(asc(users.id));
  for (const r of rows) map.set(r.messageId, [...(map.get(r.messageId) ?? []), r.name]);
  return map;
}

async function fileCountsOf(app: AppContext, ids: number[]) {
  const map = new Map<number, number>();
  if (ids.length === 0) return map;
  const rows = await app.db
    .select({ messageId: messageFiles.messageId, n: count() })
    .from(messageFiles)
    .where(inArray(messageFiles.messageId, ids))
    .groupBy(messageFiles.messageId);
  for (const r of rows) map.set(r.messageId!, r.n);
  return map;
}

/**
 * A message as its sender or one of its recipients sees it (anyone else: 404, like a missing one). Opening a
 * received message marks it read.
 */
export async function messageInfo(app: AppContext, s: Scope, id: number, locale: Locale): Promise<MessageInfo> {
  const [m] = await app.db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.organizationId, s.organizationId)))
    .limit(1);
  if (!m) throw notFound();
  const recipients = await app.db
    .select({ id: users.id, name: users.name, readAt: messageRecipients.readAt })
    .from(messageRecipients)
    .innerJoin(users, eq(users.id, messageRecipients.userId))
    .where(eq(messageRecipients.messageId, id))
    .orderBy(asc(users.id));
  const mine = m.senderId === s.userId;
  const own = recipients.find((r) => r.id === s.userId);
  if (!mine && !own) throw notFound();
  if (own && !own.readAt) await markRead(app, s, [id]);
  const files = await app.db
    .select({
      id: messageFiles.id,
      name: messageFiles.name,
      size: messageFiles.size,
      kind: messageFiles.kind,
      mime: messageFiles.mime,
    })
    .from(messageFiles)
    .where(eq(messageFiles.messageId, id))
    .orderBy(asc(messageFiles.id));
  return {
    ...rowOf(m, locale, own ? 1 : 1, files.length),
    // a product message is shown to a recipient only: no list of the others
    recipientNames: recipients.map((r) => r.name),
    content: localized(m.content, m.contentLang, locale),
    files: files satisfies MessageFile[],
    recipients: mine ? recipients.map((r) => ({ id: r.id, name: r.name, read: Boolean(r.readAt) })) : [],
    link: m.link,
    mine,
  };
}

/** Marks received messages read (the ids not received by the caller are left alone); answers how many changed. */
export async function markRead(app: AppContext, s: Scope, ids: number[] | 'all') {
  const rows = await app.db
    .update(messageRecipients)
    .set({ readAt: clockNow() })
    .where(
      and(
        receivedBy(s),
        isNull(messageRecipients.readAt),
        ...(ids === 'all' ? [isNull(messageRecipients.deletedAt)] : [inArray(messageRecipients.messageId, ids)]),
      ),
    )
    .returning({ id: messageRecipients.messageId });
  return rows.length;
}

/**
 * Moves received messages to the recycle bin (`restore`: back to the inbox). All or nothing: an id the caller did
 * not receive answers 404 and changes nothing.
 */
export async function moveToRecycleBin(app: AppContext, s: Scope, ids: number[], restore = false) {
  const unique = [...new Set(ids)];
  await app.db.transaction(async (tx) => {
    const rows = await tx
      .update(messageRecipients)
      .set({ deletedAt: restore ? null : clockNow() })
      .where(and(receivedBy(s), inArray(messageRecipients.messageId, unique)))
      .returning({ id: messageRecipients.messageId });
    if (rows.length !== unique.length) throw notFound();
  });
}

export async function countUnread(app: AppContext, s: Scope, locale: Locale): Promise<UnreadCount> {
  const unread = and(receivedBy(s), isNull(messageRecipients.readAt), isNull(messageRecipients.deletedAt));
  const [[counts], [latest]] = await Promise.all([
    app.db
      .select({
        all: count(),
        execute: sql<number>`count(*) filter (where ${messages.category} = 'execute')`.mapWith(Number),
      })
      .from(messageRecipients)
      .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
      .where(unread),
    app.db
      .select({ m: messages })
      .from(messageRecipients)
      .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
      .where(unread)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1),
  ]);
  return {
    unReadMessageNum: counts?.all ?? 0,
    unReadExecuteMessageNum: counts?.execute ?? 0,
    latest: latest
      ? {
          id: latest.m.id,
          title: localized(latest.m.title, latest.m.titleLang, locale),
          senderName: senderNameOf(latest.m, locale),
          time: latest.m.createdAt.toISOString(),
        }
      : null,
  };
}

/** Unread messages in the inbox: the dashboard's msgCount. */
export async function unreadCount(app: Pick<AppContext, 'db'>, s: Scope) {
  const [row] = await app.db
    .select({ n: count() })
    .from(messageRecipients)
    .where(and(receivedBy(s), isNull(messageRecipients.readAt), isNull(messageRecipients.deletedAt)));
  return row?.n ?? 0;
}

/** Users of an organization who may receive messages there (members with an enabled account), by id. */
async function membersAmong(app: AppContext, organizationId: number, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await app.db
    .select({ id: users.id })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .where(
      and(
        eq(userOrganizations.organizationId, organizationId),
        inArray(userOrganizations.userId, userIds),
        eq(users.status, 1),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The recipient picker: the organization's enabled members by office (members without an office last). */
export async function recipientOptions(
  app: AppContext,
  organizationId: number,
  locale: Locale,
  name?: string,
): Promise<RecipientOffice[]> {
  const members = await app.db
    .select({ id: users.id, name: users.name })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .where(
      and(
        eq(userOrganizations.organizationId, organizationId),
        eq(users.status, 1),
        ...(name ? [ilike(users.name, `%${escapeLike(name)}%`)] : []),
      ),
    )
    .orderBy(asc(users.id));
  const memberIds = members.map((m) => m.id);
  const placed = memberIds.length
    ? await app.db
        .select({ userId: userOffices.userId, officeId: offices.id, name: offices.name, nameLang: offices.nameLang })
        .from(userOffices)
        .innerJoin(offices, eq(offices.id, userOffices.officeId))
        .where(and(eq(offices.organizationId, organizationId), inArray(userOffices.userId, memberIds)))
        .orderBy(asc(offices.orderNum), asc(offices.id))
    : [];
  const groups = new Map<number | null, RecipientOffice>();
  const placedUsers = new Set<number>();
  const byId = new Map(members.map((m) => [m.id, m]));
  for (const p of placed) {
    const group = groups.get(p.officeId) ?? {
      officeId: p.officeId,
      officeName: localized(p.name, p.nameLang, locale),
      users: [],
    };
    group.users.push(byId.get(p.userId)!);
    groups.set(p.officeId, group);
    placedUsers.add(p.userId);
  }
  const unplaced = members.filter((m) => !placedUsers.has(m.id));
  const list = [...groups.values()];
  if (unplaced.length) list.push({ officeId: null, officeName: '', users: unplaced });
  return list;
}

/**
 * Sends a message written by the signed-in user: the body sanitized, every recipient a member of the current
 * organization, the attachments the sender's own unsent uploads. One transaction; the live doorbell rings after it.
 */
export async function saveMessage(app: AppContext, session: OrgSession, input: z.output<typeof messageSaveSchema>) {
  const content = sanitizeMessageHtml(input.content);
  if (!htmlText(content)) throw fieldError('content', 'message.contentEmpty');
  const recipients = [...new Set(input.recipients)];
  const members = await membersAmong(app, session.organizationId, recipients);
  if (recipients.some((id) => !members.has(id))) throw fieldError('recipients', 'message.recipientUnknown');
  const fileIds = [...new Set(input.files)];

  const id = await app.db.transaction(async (tx) => {
    const files = fileIds.length
      ? await tx
          .select({ id: messageFiles.id, size: messageFiles.size })
          .from(messageFiles)
          .where(
            and(
              inArray(messageFiles.id, fileIds),
              eq(messageFiles.uploaderId, session.userId),
              eq(messageFiles.organizationId, session.organizationId),
              isNull(messageFiles.messageId),
            ),
          )
      : [];
    if (files.length !== fileIds.length) throw fieldError('files', 'message.fileUnknown');
    checkTotalSize(files.map((f) => f.size));
    const [row] = await tx
      .insert(messages)
      .values({
        organizationId: session.organizationId,
        category: 'news',
        senderId: session.userId,
        senderName: session.userName,
        title: input.title,
        content,
      })
      .returning({ id: messages.id });
    await tx
      .insert(messageRecipients)
      .values(recipients.map((userId) => ({ messageId: row!.id, userId, organizationId: session.organizationId })));
    if (fileIds.length) {
      await tx.update(messageFiles).set({ messageId: row!.id }).where(inArray(messageFiles.id, fileIds));
    }
    return row!.id;
  });
  app.live.notify(
    recipients.map((userId) => ({ userId, organizationId: session.organizationId })),
    { id, category: 'news' },
  );
  return id;
}

const fieldError = (field: string, key: string) => new AppError(400, key, {}, { field });

/**
 * A text of a product message: a catalog key with its parameters, translated into every language at sending, or a
 * text written by someone (a platform notice), the same in every language.
 */
export type SystemText = { key: string; params?: Record<string, string | number> } | { text: string };

export type SystemMessage = {
  organizationId: number;
  userIds: number[];
  /** `execute` counts as something to do (unReadExecuteMessageNum); `cost` goes to the cost-message screens */
  category?: MessageCategory;
  title: SystemText;
  /** plain text (each line becomes a paragraph), or rich text (`html`) to be sanitized */
  content: SystemText | { html: string };
  /** a screen path the message opens, e.g. `/order/detail/12` */
  link?: string;
};

/** A product message written in a transaction: its id, organization and the recipients it reached. */
export type SentSystemMessage = { id: number; organizationId: number; userIds: number[] };

const textIn = (locale: Locale, text: SystemText) =>
  'key' in text ? translate(locale, text.key, text.params) : text.text;

/** The title and body of a product message in every language. */
function systemTexts(message: SystemMessage) {
  const { content } = message;
  const titleLang = Object.fromEntries(LOCALES.map((l) => [l, textIn(l, message.title)])) as Required<NameLang>;
  const contentLang = Object.fromEntries(
    LOCALES.map((l) => [l, 'html' in content ? sanitizeMessageHtml(content.html) : textToHtml(textIn(l, content))]),
  ) as Required<NameLang>;
  return { titleLang, contentLang };
}

/**
 * Sends a message from the product itself (sender "System") to users of one organization, in both languages, and
 * rings their doorbell. Recipients who are not (or no longer) members are left out. Answers the message id, or
 * null when nobody is left to receive it. Call it after the caller's own transaction has committed.
 *
 * Work orders, assessments and meetings call this: e.g. `sendSystemMessage(app, { organizationId, userIds:
 * [therapistId], category: 'execute', title: { key: 'workOrder.authorizedTitle' }, content: { key:
 * 'workOrder.authorizedContent', params: { patient } }, link: `/order/detail/${id}` })`.
 */
export async function sendSystemMessage(app: AppContext, message: SystemMessage): Promise<number | null> {
  const { sent } = await sendSystemMessages(app, [message]);
  return sent[0]?.id ?? null;
}

/**
 * `sendSystemMessage` for several messages at once (one per organization, say), all or nothing: they are written in
 * one transaction, in which `within` then runs with what was written (to record what the messages belong to); if it
 * throws, no message is sent. The doorbells ring after the commit. Messages left with no recipient are skipped.
 */
export async function sendSystemMessages<T = void>(
  app: AppContext,
  list: SystemMessage[],
  within?: (tx: Tx, sent: SentSystemMessage[]) => Promise<T>,
): Promise<{ sent: SentSystemMessage[]; result: T | undefined }> {
  const prepared: {
    message: SystemMessage;
    userIds: number[];
    titleLang: Required<NameLang>;
    contentLang: Required<NameLang>;
  }[] = [];
  for (const message of list) {
    const members = await membersAmong(app, message.organizationId, [...new Set(message.userIds)]);
    if (members.size > 0) prepared.push({ message, userIds: [...members], ...systemTexts(message) });
  }
  const { sent, result } = await app.db.transaction(async (tx) => {
    const sent: SentSystemMessage[] = [];
    for (const { message, userIds, titleLang, contentLang } of prepared) {
      const [row] = await tx
        .insert(messages)
        .values({
          organizationId: message.organizationId,
          category: message.category ?? 'news',
          senderId: null,
          senderName: null,
          title: titleLang['zh-CN'].slice(0, 200),
          titleLang,
          content: contentLang['zh-CN'],
          contentLang,
          link: message.link ?? null,
        })
        .returning({ id: messages.id });
      // in slices, so that a notice to a large organization stays within the statement's parameter limit
      for (let i = 0; i < userIds.length; i += 1000) {
        await tx.insert(messageRecipients).values(
          userIds.slice(i, i + 1000).map((userId) => ({
            messageId: row!.id,
            userId,
            organizationId: message.organizationId,
          })),
        );
      }
      sent.push({ id: row!.id, organizationId: message.organizationId, userIds });
    }
    return { sent, result: within ? await within(tx, sent) : undefined };
  });
  prepared.forEach(({ message }, i) => {
    const s = sent[i]!;
    app.live.notify(
      s.userIds.map((userId) => ({ userId, organizationId: s.organizationId })),
      { id: s.id, category: message.category ?? 'news' },
    );
  });
  return { sent, result };
}

/** Sends a product message to a user in every organization they belong to (account events: password reset). */
export async function sendAccountMessage(
  app: AppContext,
  userId: number,
  message: Omit<SystemMessage, 'organizationId' | 'userIds'>,
) {
  const memberships = await app.db
    .select({ organizationId: userOrganizations.organizationId })
    .from(userOrganizations)
    .where(eq(userOrganizations.userId, userId));
  for (const m of memberships) {
    await sendSystemMessage(app, { ...message, organizationId: m.organizationId, userIds: [userId] });
  }
}

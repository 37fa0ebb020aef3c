import { count, desc, eq, ilike, inArray } from 'drizzle-orm';
import {
  type PlatformNoticeInfo,
  type PlatformNoticeRow,
  type platformNoticeListQuerySchema,
  type platformNoticeSendSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { enabledOrganizationIds, organizationsByIds } from '../organizations';
import { membersHoldingRoles, platformRoles, rolesByIds } from '../roles';
import { AppError, notFound } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import { deliveryOfMessages, sendSystemMessages, htmlText, sanitizeMessageHtml } from '../messages';
import { platformNoticeMessages, platformNotices } from './platform-admin.tables';
import { escapeLike } from '../../db/like';

const fieldError = (field: string, key: string, params: Record<string, string | number> = {}) =>
  new AppError(400, key, { field, ...params }, { field });

/**
 * Sends a platform notice: one system message per organization reached (sendSystemMessages), the notice and its
 * links to those messages in the same transaction, so that either every target user gets it or nobody does.
 */
export async function sendPlatformNotice(
  app: AppContext,
  session: SessionContext,
  input: z.output<typeof platformNoticeSendSchema>,
) {
  const content = sanitizeMessageHtml(input.content);
  if (!htmlText(content)) throw fieldError('content', 'message.contentEmpty');

  let organizationIds: number[];
  if (input.targetAll) {
    organizationIds = await enabledOrganizationIds(app.db);
  } else {
    const rows = await organizationsByIds(app.db, input.organizationIds);
    const known = new Set(rows.map((r) => r.id));
    const unknown = input.organizationIds.filter((id) => !known.has(id));
    if (unknown.length) {
      throw new AppError(
        404,
        'platformAdmin.organizationUnknown',
        { ids: unknown.join(', ') },
        { field: 'organizationIds' },
      );
    }
    organizationIds = input.organizationIds;
  }
  if (input.roleIds.length) {
    const rows = await platformRoles(app.db, input.roleIds);
    if (rows.length !== input.roleIds.length) throw fieldError('roleIds', 'platformAdmin.roleNotPlatform');
  }

  const targets = [];
  for (const organizationId of organizationIds) {
    targets.push({ organizationId, userIds: await membersHoldingRoles(app.db, organizationId, input.roleIds) });
  }

  const { result } = await sendSystemMessages(
    app,
    targets.map((t) => ({
      organizationId: t.organizationId,
      userIds: t.userIds,
      category: 'news' as const,
      title: { text: input.title },
      content: { html: content },
    })),
    async (tx, sent) => {
      // sendSystemMessages kept the enabled members only: nobody left refuses the whole notice
      if (sent.length === 0) throw fieldError('organizationIds', 'platformAdmin.noRecipients');
      const [notice] = await tx
        .insert(platformNotices)
        .values({
          title: input.title,
          content,
          targetAll: input.targetAll,
          organizationIds: input.targetAll ? [] : organizationIds,
          roleIds: input.roleIds,
          senderId: session.userId,
          senderName: session.userName,
          recipientCount: sent.reduce((n, s) => n + s.userIds.length, 0),
        })
        .returning({ id: platformNotices.id, recipientCount: platformNotices.recipientCount });
      await tx
        .insert(platformNoticeMessages)
        .values(sent.map((s) => ({ noticeId: notice!.id, messageId: s.id, organizationId: s.organizationId })));
      return notice!;
    },
  );
  return { id: result!.id, recipientCount: result!.recipientCount };
}

/** Recipients and readers of some notices, by notice and organization (those with any recipient left). */
async function deliveryOf(app: AppContext, noticeIds: number[]) {
  if (noticeIds.length === 0) return [];
  const links = await app.db
    .select({
      noticeId: platformNoticeMessages.noticeId,
      organizationId: platformNoticeMessages.organizationId,
      messageId: platformNoticeMessages.messageId,
    })
    .from(platformNoticeMessages)
    .where(inArray(platformNoticeMessages.noticeId, noticeIds));
  const counts = await deliveryOfMessages(
    app.db,
    links.map((l) => l.messageId),
  );
  const groups = new Map<
    string,
    { noticeId: number; organizationId: number; recipientCount: number; readCount: number }
  >();
  for (const l of links) {
    const c = counts.get(l.messageId);
    if (!c) continue;
    const key = `${l.noticeId}:${l.organizationId}`;
    const g = groups.get(key) ?? {
      noticeId: l.noticeId,
      organizationId: l.organizationId,
      recipientCount: 0,
      readCount: 0,
    };
    g.recipientCount += c.recipientCount;
    g.readCount += c.readCount;
    groups.set(key, g);
  }
  return [...groups.values()];
}

async function describeNotices(app: AppContext, rows: (typeof platformNotices.$inferSelect)[]) {
  const orgIds = [...new Set(rows.flatMap((r) => r.organizationIds))];
  const roleIds = [...new Set(rows.flatMap((r) => r.roleIds))];
  const [orgRows, roleRows, delivery] = await Promise.all([
    organizationsByIds(app.db, orgIds),
    rolesByIds(app.db, roleIds),
    deliveryOf(
      app,
      rows.map((r) => r.id),
    ),
  ]);
  const rowsOut: PlatformNoticeRow[] = rows.map((r) => {
    const mine = delivery.filter((d) => d.noticeId === r.id);
    return {
      id: r.id,
      title: r.title,
      targetAll: r.targetAll,
      organizations: r.organizationIds.flatMap((id) => orgRows.filter((o) => o.id === id)),
      roles: r.roleIds.flatMap((id) => roleRows.filter((o) => o.id === id)),
      senderName: r.senderName,
      // the recipients' rows go when an account is deleted: the figure sent stays the one recorded
      recipientCount: r.recipientCount,
      readCount: mine.reduce((n, d) => n + d.readCount, 0),
      createdAt: r.createdAt.toISOString(),
    };
  });
  return { rows: rowsOut, delivery };
}

/** One page of the notices sent, newest first. */
export async function listPlatformNotices(app: AppContext, q: z.output<typeof platformNoticeListQuerySchema>) {
  const condition = q.title ? ilike(platformNotices.title, `%${escapeLike(q.title)}%`) : undefined;
  const [[{ total }], rows] = (await Promise.all([
    app.db.select({ total: count() }).from(platformNotices).where(condition),
    app.db
      .select()
      .from(platformNotices)
      .where(condition)
      .orderBy(desc(platformNotices.createdAt), desc(platformNotices.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ])) as [[{ total: number }], (typeof platformNotices.$inferSelect)[]];
  const { rows: list } = await describeNotices(app, rows);
  return { list, total: Number(total) };
}

/** A notice with its body and, per organization reached, how many received and read it. */
export async function platformNoticeInfo(app: AppContext, id: number): Promise<PlatformNoticeInfo> {
  const [row] = await app.db.select().from(platformNotices).where(eq(platformNotices.id, id)).limit(1);
  if (!row) throw notFound();
  const { rows, delivery } = await describeNotices(app, [row]);
  const orgIds = delivery.map((d) => d.organizationId);
  const names = await organizationsByIds(app.db, orgIds);
  return {
    ...rows[0]!,
    content: row.content,
    delivery: delivery
      .map((d) => {
        const org = names.find((n) => n.id === d.organizationId);
        return {
          organizationId: d.organizationId,
          name: org?.name ?? '',
          nameLang: org?.nameLang ?? {},
          recipientCount: d.recipientCount,
          readCount: d.readCount,
        };
      })
      .sort((a, b) => a.organizationId - b.organizationId),
  };
}

/** The platform roles (of no single organization) but the super administrator's: the roles a notice may target. */
export async function platformRoleOptions(app: AppContext) {
  return platformRoles(app.db);
}

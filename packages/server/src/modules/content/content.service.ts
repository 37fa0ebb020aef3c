import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  MEDIA_LIMITS,
  ResultCode,
  type ContentDetail,
  type ContentKind,
  type ContentStatus,
  type contentListQuerySchema,
  type contentSaveSchema,
  type categorySaveSchema,
  type educationSendSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db, TxOrDb } from '../../db/client';
import { AppError, badRequest, conflict, forbidden } from '../../http/errors';
import type { OrgSession } from '../../http/session';
import { readOneFile } from '../../http/upload';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { userNames } from '../users';
import { patientOfOrganization } from '../patients';
import {
  contentCategories,
  contentItems,
  contentMedia,
  contentVersions,
  educationSends,
  type ContentFields,
} from './content.tables';
import { miniProgramHtml } from './content-html';
import { acceptImage, storableFileName } from '../../http/images';

type Item = typeof contentItems.$inferSelect;
type SaveInput = z.output<typeof contentSaveSchema>;

export const contentNotFound = () => new AppError(ResultCode.notFoundRecord, 'content.notFound');
const wrongState = () => conflict('content.wrongState');

async function itemOf(db: TxOrDb, organizationId: number, id: number, lock = false): Promise<Item> {
  const q = db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, id), eq(contentItems.organizationId, organizationId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw contentNotFound();
  return row;
}

// ---- reading ----------------------------------------------------------------------------------------------------

export async function listContent(db: Db, session: OrgSession, query: z.output<typeof contentListQuerySchema>) {
  const where: SQL[] = [eq(contentItems.organizationId, session.organizationId)];
  if (query.kind) where.push(eq(contentItems.kind, query.kind));
  else where.push(inArray(contentItems.kind, ['article', 'education']));
  if (query.status) where.push(eq(contentItems.status, query.status));
  if (query.categoryId) where.push(eq(contentItems.categoryId, query.categoryId));
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(ilike(sql`${contentItems.draft}->>'titleZh'`, like), ilike(sql`${contentItems.draft}->>'titleEn'`, like))!,
    );
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contentItems)
      .where(and(...where))
      .orderBy(desc(contentItems.updatedAt), desc(contentItems.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(contentItems)
      .where(and(...where)),
  ]);
  const names = await userNames(
    db,
    rows.map((r) => r.authorId),
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind as ContentKind,
      categoryId: r.categoryId,
      titleZh: r.draft.titleZh,
      titleEn: r.draft.titleEn,
      status: r.status as ContentStatus,
      version: r.version,
      publishedVersion: r.publishedVersion,
      publishAt: r.publishAt,
      authorName: r.authorId ? (names.get(r.authorId) ?? null) : null,
      updatedAt: r.updatedAt,
    })),
    total: Number(total?.n ?? 0),
  };
}

async function detailOf(db: TxOrDb, item: Item) {
  const versions = await db
    .select()
    .from(contentVersions)
    .where(eq(contentVersions.itemId, item.id))
    .orderBy(desc(contentVersions.version));
  const names = await userNames(db, [item.authorId, ...versions.flatMap((v) => [v.submittedBy, v.reviewedBy])]);
  const nameOf = (id: number | null) => (id ? (names.get(id) ?? null) : null);
  const inReview = item.status === 'review' ? versions.find((v) => v.version === item.version) : undefined;
  return {
    id: item.id,
    kind: item.kind as ContentKind,
    status: item.status as ContentStatus,
    version: item.version,
    publishedVersion: item.publishedVersion,
    publishAt: item.publishAt,
    authorName: nameOf(item.authorId),
    updatedAt: item.updatedAt,
    ...item.draft,
    categoryId: item.categoryId,
    authorId: item.authorId,
    submittedById: inReview?.submittedBy ?? null,
    rejectReason: item.rejectReason,
    versions: versions.map((v) => ({
      version: v.version,
      submittedBy: nameOf(v.submittedBy),
      submittedAt: v.submittedAt,
      reviewedBy: nameOf(v.reviewedBy),
      reviewedAt: v.reviewedAt,
      outcome: v.outcome,
      note: v.note,
    })),
  };
}

export async function contentDetail(db: Db, session: OrgSession, id: number) {
  return detailOf(db, await itemOf(db, session.organizationId, id));
}

export async function homepageOf(db: Db, session: OrgSession, kind: 'company' | 'hospital') {
  const [item] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.organizationId, session.organizationId), eq(contentItems.kind, kind)))
    .limit(1);
  return item ? detailOf(db, item) : null;
}

// ---- writing ----------------------------------------------------------------------------------------------------

async function checkReferences(db: TxOrDb, organizationId: number, body: SaveInput) {
  if (body.categoryId !== null) {
    const [c] = await db
      .select({ id: contentCategories.id })
      .from(contentCategories)
      .where(and(eq(contentCategories.id, body.categoryId), eq(contentCategories.organizationId, organizationId)));
    if (!c) throw badRequest('content.categoryUnknown');
  }
  const mediaIds = [...new Set([...(body.coverMediaId ? [body.coverMediaId] : []), ...body.bannerMediaIds])];
  if (mediaIds.length) {
    const found = await db
      .select({ id: contentMedia.id })
      .from(contentMedia)
      .where(and(inArray(contentMedia.id, mediaIds), eq(contentMedia.organizationId, organizationId)));
    if (found.length !== mediaIds.length) throw badRequest('content.mediaUnknown');
  }
}

const fieldsOf = (body: SaveInput): ContentFields => {
  const homepage = body.kind === 'company' || body.kind === 'hospital';
  return {
    categoryId: homepage ? null : body.categoryId,
    titleZh: body.titleZh,
    titleEn: body.titleEn,
    summaryZh: body.summaryZh,
    summaryEn: body.summaryEn,
    bodyZh: miniProgramHtml(body.bodyZh),
    bodyEn: miniProgramHtml(body.bodyEn),
    coverMediaId: body.coverMediaId,
    videoUrl: homepage ? '' : body.videoUrl,
    bannerMediaIds: homepage ? body.bannerMediaIds : [],
    honoursZh: homepage ? body.honoursZh : '',
    honoursEn: homepage ? body.honoursEn : '',
    addressZh: homepage ? body.addressZh : '',
    addressEn: homepage ? body.addressEn : '',
    phone: homepage ? body.phone : '',
  };
};

/**
 * Saves the working copy. A new homepage is refused when the organization has one of that kind (one each); an item
 * in review or scheduled cannot be edited (send it back or unpublish first); editing a published item makes a draft
 * while the published version stays served.
 */
export async function saveContent(app: AppContext, session: OrgSession, body: SaveInput): Promise<{ id: number }> {
  return runUnitOfWork(app, async ({ tx, now }) => {
    await checkReferences(tx, session.organizationId, body);
    const fields = fieldsOf(body);
    if (body.id === undefined) {
      if (body.kind === 'company' || body.kind === 'hospital') {
        const [existing] = await tx
          .select({ id: contentItems.id })
          .from(contentItems)
          .where(and(eq(contentItems.organizationId, session.organizationId), eq(contentItems.kind, body.kind)));
        if (existing) throw conflict('content.homepageExists');
      }
      const [row] = await tx
        .insert(contentItems)
        .values({
          organizationId: session.organizationId,
          kind: body.kind,
          categoryId: fields.categoryId,
          status: 'draft',
          draft: fields,
          authorId: session.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: contentItems.id });
      return { id: row!.id };
    }
    const item = await itemOf(tx, session.organizationId, body.id, true);
    if (item.kind !== body.kind) throw badRequest('content.kindFixed');
    if (item.status === 'review' || item.status === 'scheduled') throw wrongState();
    await tx
      .update(contentItems)
      .set({ draft: fields, categoryId: fields.categoryId, status: 'draft', updatedAt: now })
      .where(eq(contentItems.id, item.id));
    return { id: item.id };
  });
}

/** draft -> review: the working copy becomes the next version, submitted by the caller. */
export async function submitContent(app: AppContext, session: OrgSession, id: number) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const item = await itemOf(tx, session.organizationId, id, true);
    if (item.status !== 'draft') throw wrongState();
    const version = item.version + 1;
    await tx.insert(contentVersions).values({
      itemId: item.id,
      version,
      fields: item.draft,
      submittedBy: session.userId,
      submittedAt: now,
    });
    await tx
      .update(contentItems)
      .set({ status: 'review', version, rejectReason: null, updatedAt: now })
      .where(eq(contentItems.id, item.id));
  });
}

async function versionInReview(tx: TxOrDb, item: Item) {
  const [v] = await tx
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.itemId, item.id), eq(contentVersions.version, item.version)));
  if (!v) throw wrongState();
  return v;
}

/**
 * Records the review of the version in review (locked item) and answers the item and version. The four-eyes rule:
 * nobody reviews a version they submitted or an item they wrote.
 */
async function review(
  tx: TxOrDb,
  session: OrgSession,
  id: number,
  now: Date,
  outcome: { outcome: 'approved' | 'rejected'; note?: string },
) {
  const item = await itemOf(tx, session.organizationId, id, true);
  if (item.status !== 'review') throw wrongState();
  const v = await versionInReview(tx, item);
  if (v.submittedBy === session.userId || item.authorId === session.userId) throw forbidden('content.selfReview');
  await tx
    .update(contentVersions)
    .set({ reviewedBy: session.userId, reviewedAt: now, ...outcome })
    .where(eq(contentVersions.id, v.id));
  return { item, v };
}

/** review -> published now, or scheduled for `publishAt` (the contentPublish job publishes it then). */
export async function approveContent(app: AppContext, session: OrgSession, id: number, publishAt: Date | null) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const { item, v } = await review(tx, session, id, now, { outcome: 'approved' });
    const later = publishAt !== null && publishAt.getTime() > now.getTime();
    await tx
      .update(contentItems)
      .set(
        later
          ? { status: 'scheduled', publishAt, updatedAt: now }
          : { status: 'published', publishedVersion: v.version, publishedAt: now, publishAt: null, updatedAt: now },
      )
      .where(eq(contentItems.id, item.id));
  });
}

/** review -> draft, with the reason the author reads. */
export async function rejectContent(app: AppContext, session: OrgSession, id: number, reason: string) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const { item } = await review(tx, session, id, now, { outcome: 'rejected', note: reason });
    await tx
      .update(contentItems)
      .set({ status: 'draft', rejectReason: reason, updatedAt: now })
      .where(eq(contentItems.id, item.id));
  });
}

/** Takes an item off the mini-program (published or scheduled): nothing of it is served any more. */
export async function unpublishContent(app: AppContext, session: OrgSession, id: number) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const item = await itemOf(tx, session.organizationId, id, true);
    if (item.publishedVersion === null && item.status !== 'scheduled') throw wrongState();
    const status = item.status === 'published' || item.status === 'scheduled' ? 'unpublished' : item.status;
    await tx
      .update(contentItems)
      .set({ status, publishedVersion: null, publishAt: null, updatedAt: now })
      .where(eq(contentItems.id, item.id));
  });
}

/** Only an item never submitted may be deleted; anything with history is unpublished instead. */
export async function deleteContent(app: AppContext, session: OrgSession, id: number) {
  await runUnitOfWork(app, async ({ tx }) => {
    const item = await itemOf(tx, session.organizationId, id, true);
    if (item.version !== 0) throw conflict('content.notDeletable');
    await tx.delete(contentItems).where(eq(contentItems.id, item.id));
  });
}

/** The contentPublish job: publishes the scheduled versions whose time has come. */
export async function publishDue(app: AppContext, now: Date) {
  const due = await app.db
    .update(contentItems)
    .set({
      status: 'published',
      publishedVersion: contentItems.version,
      publishedAt: now,
      publishAt: null,
      updatedAt: now,
    })
    .where(
      and(eq(contentItems.status, 'scheduled'), isNotNull(contentItems.publishAt), lte(contentItems.publishAt, now)),
    )
    .returning({ id: contentItems.id });
  return { published: due.length };
}

// ---- categories -------------------------------------------------------------------------------------------------

export async function listCategories(db: Db, organizationId: number) {
  return db
    .select({
      id: contentCategories.id,
      nameZh: contentCategories.nameZh,
      nameEn: contentCategories.nameEn,
      sort: contentCategories.sort,
    })
    .from(contentCategories)
    .where(eq(contentCategories.organizationId, organizationId))
    .orderBy(asc(contentCategories.sort), asc(contentCategories.id));
}

export async function saveCategory(
  app: AppContext,
  session: OrgSession,
  body: z.output<typeof categorySaveSchema>,
): Promise<{ id: number }> {
  const values = { nameZh: body.nameZh, nameEn: body.nameEn, sort: body.sort };
  if (body.id === undefined) {
    const [row] = await app.db
      .insert(contentCategories)
      .values({ organizationId: session.organizationId, ...values })
      .returning({ id: contentCategories.id });
    return { id: row!.id };
  }
  const updated = await app.db
    .update(contentCategories)
    .set(values)
    .where(and(eq(contentCategories.id, body.id), eq(contentCategories.organizationId, session.organizationId)))
    .returning({ id: contentCategories.id });
  if (!updated.length) throw contentNotFound();
  return { id: body.id };
}

export async function deleteCategory(app: AppContext, session: OrgSession, id: number) {
  await runUnitOfWork(app, async ({ tx }) => {
    const [c] = await tx
      .select({ id: contentCategories.id })
      .from(contentCategories)
      .where(and(eq(contentCategories.id, id), eq(contentCategories.organizationId, session.organizationId)));
    if (!c) throw contentNotFound();
    const [used] = await tx.select({ n: count() }).from(contentItems).where(eq(contentItems.categoryId, id));
    if (Number(used?.n ?? 0) > 0) throw conflict('content.categoryInUse');
    await tx.delete(contentCategories).where(eq(contentCategories.id, id));
  });
}

// ---- media library ----------------------------------------------------------------------------------------------

export async function listMedia(db: Db, organizationId: number) {
  return db
    .select({
      id: contentMedia.id,
      name: contentMedia.name,
      mime: contentMedia.mime,
      size: contentMedia.size,
      createdAt: contentMedia.createdAt,
    })
    .from(contentMedia)
    .where(eq(contentMedia.organizationId, organizationId))
    .orderBy(desc(contentMedia.id))
    .limit(500);
}

const mediaRefused = (key: string) => new AppError(ResultCode.badRequest, key, {}, { field: 'file' });

/** One image, checked by its bytes (JPEG, PNG, GIF or WebP), at most 5 MB, stored compressed when that is smaller. */
export async function uploadMedia(app: AppContext, session: OrgSession, req: FastifyRequest) {
  const upload = await readOneFile(req, {
    maxBytes: MEDIA_LIMITS.imageBytes,
    missing: () => mediaRefused('content.imageMissing'),
    tooLarge: () => new AppError(ResultCode.payloadTooLarge, 'content.imageTooLarge', {}, { field: 'file' }),
  });
  const stored = await acceptImage(upload.data, MEDIA_LIMITS.types);
  if (!stored) throw mediaRefused('content.imageType');
  const name = storableFileName(upload.filename, 'image');
  const [row] = await app.db
    .insert(contentMedia)
    .values({
      organizationId: session.organizationId,
      name,
      mime: stored.mime,
      size: stored.data.length,
      data: stored.data,
      createdBy: session.userId,
    })
    .returning();
  return { id: row!.id, name: row!.name, mime: row!.mime, size: row!.size, createdAt: row!.createdAt };
}

// ---- education sent to patients --------------------------------------------------------------------------------

export async function sendEducation(
  app: AppContext,
  session: OrgSession,
  body: z.output<typeof educationSendSchema>,
): Promise<{ id: number }> {
  return runUnitOfWork(app, async ({ tx, now }) => {
    await patientOfOrganization(tx, session.organizationId, body.patientId);
    const item = await itemOf(tx, session.organizationId, body.contentId);
    if (item.kind !== 'education' && item.kind !== 'article') throw badRequest('content.notEducation');
    if (item.publishedVersion === null) throw conflict('content.notPublished');
    const [row] = await tx
      .insert(educationSends)
      .values({
        organizationId: session.organizationId,
        itemId: item.id,
        patientId: body.patientId,
        diagnosis: body.diagnosis,
        projectName: body.projectName,
        token: crypto.randomBytes(24).toString('base64url'),
        sentBy: session.userId,
        sentAt: now,
      })
      .returning({ id: educationSends.id });
    return { id: row!.id };
  });
}

export async function educationOfPatient(db: Db, session: OrgSession, patientId: number) {
  await patientOfOrganization(db, session.organizationId, patientId);
  const rows = await db
    .select({ s: educationSends, draft: contentItems.draft })
    .from(educationSends)
    .innerJoin(contentItems, eq(contentItems.id, educationSends.itemId))
    .where(and(eq(educationSends.patientId, patientId), eq(educationSends.organizationId, session.organizationId)))
    .orderBy(desc(educationSends.sentAt), desc(educationSends.id));
  const names = await userNames(
    db,
    rows.map((r) => r.s.sentBy),
  );
  return rows.map(({ s, draft }) => ({
    id: s.id,
    contentId: s.itemId,
    titleZh: draft.titleZh,
    titleEn: draft.titleEn,
    diagnosis: s.diagnosis,
    projectName: s.projectName,
    sentBy: s.sentBy ? (names.get(s.sentBy) ?? null) : null,
    sentAt: s.sentAt,
    readAt: s.readAt,
    token: s.token,
  }));
}

export type { ContentDetail };

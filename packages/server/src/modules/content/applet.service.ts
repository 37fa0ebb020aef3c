import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppletItem, ContentKind, Locale } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { okEnvelopeBytes, sendJsonBytes } from '../../http/json-bytes';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { organizationExists } from '../organizations';
import {
  contentCategories,
  contentItems,
  contentMedia,
  contentVersions,
  educationSends,
  type ContentFields,
} from './content.tables';
import { mediaPath } from './content-html';
import { contentNotFound } from './content.service';

/**
 * The mini-program's public read API: per organization (its id in the path), published versions only, in the asked
 * language with the Chinese text where the English one is empty. Answers carry an ETag of their bytes; a request
 * whose If-None-Match names it gets 304 and no body.
 */

/** The Chinese text where the English one is empty. */
const pick = (lang: Locale, zh: string, en: string) => (lang === 'en' && en.trim() ? en : zh);
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

async function knownOrganization(db: Db, organizationId: number) {
  if (!(await organizationExists(db, organizationId))) throw contentNotFound();
}

/** The published rows of an organization: each item with the fields of its published version. */
async function publishedRows(db: Db, organizationId: number, where: ReturnType<typeof eq>[]) {
  return db
    .select({ item: contentItems, fields: contentVersions.fields })
    .from(contentItems)
    .innerJoin(
      contentVersions,
      and(eq(contentVersions.itemId, contentItems.id), eq(contentVersions.version, contentItems.publishedVersion)),
    )
    .where(and(eq(contentItems.organizationId, organizationId), isNotNull(contentItems.publishedVersion), ...where))
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id));
}

function toApplet(item: typeof contentItems.$inferSelect, f: ContentFields, lang: Locale): AppletItem {
  const org = item.organizationId;
  return {
    id: item.id,
    kind: item.kind as ContentKind,
    categoryId: f.categoryId,
    title: pick(lang, f.titleZh, f.titleEn),
    summary: pick(lang, f.summaryZh, f.summaryEn),
    body: pick(lang, f.bodyZh, f.bodyEn),
    cover: f.coverMediaId ? mediaPath(org, f.coverMediaId) : null,
    videoUrl: f.videoUrl,
    banners: f.bannerMediaIds.map((id) => mediaPath(org, id)),
    honours: lines(pick(lang, f.honoursZh, f.honoursEn)),
    address: pick(lang, f.addressZh, f.addressEn),
    phone: f.phone,
    version: item.publishedVersion ?? 0,
    publishedAt: item.publishedAt ? item.publishedAt.toISOString() : null,
  };
}

/** Sends `{ code: 0, msg, data }` with an ETag of its bytes, or 304 when the caller already holds them. */
export function sendWithEtag(req: FastifyRequest, reply: FastifyReply, msg: string, data: unknown) {
  const bytes = okEnvelopeBytes(msg, JSON.stringify(data));
  const etag = `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  reply.header('ETag', etag).header('Cache-Control', 'no-cache');
  const held = (req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (held.includes(etag) || held.includes('*')) return reply.code(304).send();
  return sendJsonBytes(reply, bytes);
}

export async function appletHome(db: Db, organizationId: number, kind: 'company' | 'hospital', lang: Locale) {
  await knownOrganization(db, organizationId);
  const [row] = await publishedRows(db, organizationId, [eq(contentItems.kind, kind)]);
  return row ? toApplet(row.item, row.fields, lang) : null;
}

export async function appletCategories(db: Db, organizationId: number, lang: Locale) {
  await knownOrganization(db, organizationId);
  const rows = await db
    .select()
    .from(contentCategories)
    .where(eq(contentCategories.organizationId, organizationId))
    .orderBy(asc(contentCategories.sort), asc(contentCategories.id));
  return rows.map((c) => ({ id: c.id, name: pick(lang, c.nameZh, c.nameEn) }));
}

export async function appletList(
  db: Db,
  organizationId: number,
  query: { kind: 'article' | 'education'; categoryId?: number },
  lang: Locale,
) {
  await knownOrganization(db, organizationId);
  const rows = await publishedRows(db, organizationId, [eq(contentItems.kind, query.kind)]);
  return rows
    .filter((r) => query.categoryId === undefined || r.fields.categoryId === query.categoryId)
    .map((r) => {
      const a = toApplet(r.item, r.fields, lang);
      return {
        id: a.id,
        categoryId: a.categoryId,
        title: a.title,
        summary: a.summary,
        cover: a.cover,
        publishedAt: a.publishedAt,
      };
    });
}

export async function appletItem(db: Db, organizationId: number, id: number, lang: Locale) {
  await knownOrganization(db, organizationId);
  const [row] = await publishedRows(db, organizationId, [
    eq(contentItems.id, id),
    inArray(contentItems.kind, ['article', 'education']),
  ]);
  if (!row) throw contentNotFound();
  return toApplet(row.item, row.fields, lang);
}

/** An image of the library, to anyone who knows the organization and id (the mini-program shows them unsigned). */
export async function sendAppletMedia(
  db: Db,
  organizationId: number,
  id: number,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const [m] = await db
    .select({ data: contentMedia.data, mime: contentMedia.mime })
    .from(contentMedia)
    .where(and(eq(contentMedia.id, id), eq(contentMedia.organizationId, organizationId)));
  if (!m) throw contentNotFound();
  // a media row never changes: its id is its version
  const etag = `"m${id}"`;
  reply.header('ETag', etag).header('Cache-Control', 'public, max-age=86400');
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(m.mime).header('X-Content-Type-Options', 'nosniff').send(m.data);
}

/** The patient opens an education item sent to them: its published version; the first opening is the read receipt. */
export async function appletEducation(app: AppContext, token: string, lang: Locale) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const [send] = await tx.select().from(educationSends).where(eq(educationSends.token, token)).limit(1);
    if (!send) throw contentNotFound();
    const [row] = await tx
      .select({ item: contentItems, fields: contentVersions.fields })
      .from(contentItems)
      .innerJoin(
        contentVersions,
        and(eq(contentVersions.itemId, contentItems.id), eq(contentVersions.version, contentItems.publishedVersion)),
      )
      .where(eq(contentItems.id, send.itemId));
    if (!row) throw contentNotFound();
    await tx
      .update(educationSends)
      .set({ readAt: now })
      .where(and(eq(educationSends.id, send.id), isNull(educationSends.readAt)));
    return toApplet(row.item, row.fields, lang);
  });
}

/**
 * The organization's published articles and education items with both titles (what a home-training task can give),
 * newest first; `ids`: only those of them.
 */
export async function publishedContentTitles(db: Db, organizationId: number, ids?: readonly number[]) {
  if (ids && !ids.length) return [];
  const rows = await publishedRows(db, organizationId, [
    inArray(contentItems.kind, ['article', 'education']),
    ...(ids ? [inArray(contentItems.id, [...ids])] : []),
  ]);
  return rows.map((r) => ({
    id: r.item.id,
    kind: r.item.kind as 'article' | 'education',
    titleZh: r.fields.titleZh,
    titleEn: r.fields.titleEn,
  }));
}

/** One published article or education item as the mini-program reads it, or null (unpublished, another's). */
export async function publishedContentItem(db: Db, organizationId: number, id: number, lang: Locale) {
  const [row] = await publishedRows(db, organizationId, [
    eq(contentItems.id, id),
    inArray(contentItems.kind, ['article', 'education']),
  ]);
  return row ? toApplet(row.item, row.fields, lang) : null;
}

import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  ASSESS_ATTACHMENT_EXTENSIONS,
  ASSESS_ATTACHMENT_LIMITS,
  ResultCode,
  type AssessAttachment,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { readOneFile } from '../../http/upload';
import { assessAttachments, assessProjects } from './assessments.tables';
import type { AssessScope } from './assessments.service';

/** What each allowed extension must be detected as (file-type reads the magic bytes), and the format it counts as. */
const DETECTED_AS: Record<string, { ext: readonly string[]; format: string }> = {
  pdf: { ext: ['pdf'], format: 'pdf' },
  jpg: { ext: ['jpg'], format: 'jpg' },
  jpeg: { ext: ['jpg'], format: 'jpg' },
  png: { ext: ['png'], format: 'png' },
  doc: { ext: ['cfb'], format: 'doc' },
  docx: { ext: ['docx', 'zip'], format: 'docx' },
};

const refused = (key: string, params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.badRequest, key, params, { field: 'file' });
const tooLarge = () => new AppError(ResultCode.payloadTooLarge, 'assess.attachmentTotal', {}, { field: 'file' });

function cleanName(raw: string) {
  const base = [...path.basename(raw.replace(/\\/g, '/'))]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim();
  if (base.length <= 200) return base;
  const ext = path.extname(base).slice(0, 16);
  return base.slice(0, 200 - ext.length) + ext;
}

/**
 * POST /sys/assess/attachment/upload/:id (multipart field `file`): a report attachment, checked by content. Every
 * attachment of one project has the same format, and together they stay within 100 MB (spec sections 5 and 9).
 */
export async function storeAttachment(
  app: AppContext,
  scope: AssessScope,
  projectId: number,
  req: FastifyRequest,
): Promise<AssessAttachment> {
  const [project] = await app.db
    .select({ id: assessProjects.id })
    .from(assessProjects)
    .where(and(eq(assessProjects.id, projectId), eq(assessProjects.organizationId, scope.organizationId)))
    .limit(1);
  if (!project) throw notFound();
  const upload = await readOneFile(req, {
    maxBytes: ASSESS_ATTACHMENT_LIMITS.totalBytes,
    missing: () => refused('assess.attachmentMissing'),
    tooLarge: () => tooLarge(),
  });
  const name = cleanName(upload.filename);
  if (!name) throw refused('assess.attachmentMissing');
  const ext = path.extname(name).slice(1).toLowerCase();
  if (!(ASSESS_ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) throw refused('assess.attachmentType');
  const rule = DETECTED_AS[ext]!;
  const detected = await fileTypeFromBuffer(upload.data);
  if (!detected || !rule.ext.includes(detected.ext)) throw refused('assess.attachmentContent');
  const mime = ext === 'doc' ? 'application/msword' : detected.mime;
  return app.db.transaction(async (tx) => {
    // lock the project so that two uploads cannot both pass the format and size checks
    await tx
      .select({ id: assessProjects.id })
      .from(assessProjects)
      .where(eq(assessProjects.id, projectId))
      .for('update');
    const [existing] = await tx
      .select({ format: assessAttachments.format, total: sql<string>`coalesce(sum(${assessAttachments.size}), 0)` })
      .from(assessAttachments)
      .where(eq(assessAttachments.projectId, projectId))
      .groupBy(assessAttachments.format);
    if (existing && existing.format !== rule.format) throw refused('assess.attachmentFormat', { ext: existing.format });
    if (Number(existing?.total ?? 0) + upload.data.length > ASSESS_ATTACHMENT_LIMITS.totalBytes) throw tooLarge();
    const [row] = await tx
      .insert(assessAttachments)
      .values({
        organizationId: scope.organizationId,
        projectId,
        name,
        format: rule.format,
        mime,
        size: upload.data.length,
        data: upload.data,
        uploadedBy: scope.userId,
      })
      .returning({ id: assessAttachments.id, createdAt: assessAttachments.createdAt });
    return { id: row!.id, name, size: upload.data.length, mime, createdAt: row!.createdAt.toISOString() };
  });
}

async function ownAttachment(app: AppContext, scope: AssessScope, id: number) {
  const [file] = await app.db
    .select()
    .from(assessAttachments)
    .where(and(eq(assessAttachments.id, id), eq(assessAttachments.organizationId, scope.organizationId)))
    .limit(1);
  if (!file) throw notFound();
  return file;
}

/** GET /sys/assess/attachment/:id: the bytes, as a download with a sandboxing CSP. */
export async function sendAttachment(app: AppContext, scope: AssessScope, id: number, reply: FastifyReply) {
  const f = await ownAttachment(app, scope, id);
  return reply
    .header('Content-Type', f.mime)
    .header('Content-Length', f.size)
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.name)}`)
    .header('Cache-Control', 'private, no-store')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(f.data);
}

/** POST /sys/assess/attachment/delete/:id */
export async function deleteAttachment(app: AppContext, scope: AssessScope, id: number) {
  const f = await ownAttachment(app, scope, id);
  await app.db.delete(assessAttachments).where(eq(assessAttachments.id, f.id));
}

import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  MESSAGE_FILE_EXTENSIONS,
  MESSAGE_FILE_LIMITS,
  MESSAGE_IMAGE_EXTENSIONS,
  ResultCode,
  fileKindOf,
  type MessageFile,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { readOneFile } from '../../http/upload';
import type { OrgSession } from '../../http/session';
import { messageFiles, messageRecipients, messages } from './messages.tables';
import { clockMs } from '../../kernel/clock';

/**
 * What the content of each allowed extension must be detected as (file-type reads the magic bytes). Old Office
 * formats are compound files (`cfb`); plain text has no signature and must not look like any binary format.
 */
const DETECTED_AS: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  odt: ['odt', 'zip'],
  ods: ['ods', 'zip'],
  odp: ['odp', 'zip'],
  mp4: ['mp4', 'm4v', 'mov'],
  mov: ['mov', 'mp4', 'qt'],
  webm: ['webm'],
  txt: [],
};

const tooLarge = (key: string) => new AppError(ResultCode.payloadTooLarge, key, {}, { field: 'file' });
const refused = (key: string) => new AppError(ResultCode.badRequest, key, {}, { field: 'file' });

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();
const isImage = (ext: string) => (MESSAGE_IMAGE_EXTENSIONS as readonly string[]).includes(ext);

/** The attachments of one message stay within 100 MB together (spec section 9). */
export function checkTotalSize(sizes: number[]) {
  if (sizes.reduce((a, b) => a + b, 0) > MESSAGE_FILE_LIMITS.totalBytes) throw tooLarge('message.totalTooLarge');
}

/** Checks an upload by its name, size and content; answers the MIME type to store it with. */
export async function checkUpload(name: string, data: Buffer): Promise<string> {
  const ext = extensionOf(name);
  if (!MESSAGE_FILE_EXTENSIONS.includes(ext)) throw refused('message.fileType');
  if (isImage(ext) && data.length > MESSAGE_FILE_LIMITS.imageBytes) throw tooLarge('message.imageTooLarge');
  if (data.length > MESSAGE_FILE_LIMITS.fileBytes) throw tooLarge('message.fileTooLarge');
  if (data.length === 0) throw refused('message.fileMissing');
  const detected = await fileTypeFromBuffer(data);
  const expected = DETECTED_AS[ext] ?? [];
  if (ext === 'txt') {
    if (detected || data.includes(0)) throw refused('message.fileContent');
    return 'text/plain; charset=utf-8';
  }
  if (!detected || !expected.includes(detected.ext)) throw refused('message.fileContent');
  return detected.mime;
}

/** A file name as stored and offered for download: no folders, no control characters, at most 200 characters. */
function cleanName(raw: string) {
  const base = [...path.basename(raw.replace(/\\/g, '/'))]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim();
  if (base.length <= 200) return base;
  const ext = path.extname(base).slice(0, 16);
  return base.slice(0, 200 - ext.length) + ext;
}

/** POST /sys/message/upload: one multipart file, kept unsent (owned by the uploader) until a message takes it. */
export async function storeUpload(app: AppContext, session: OrgSession, req: FastifyRequest): Promise<MessageFile> {
  const upload = await readOneFile(req, {
    maxBytes: MESSAGE_FILE_LIMITS.fileBytes,
    missing: () => refused('message.fileMissing'),
    tooLarge: (filename) =>
      tooLarge(isImage(extensionOf(cleanName(filename))) ? 'message.imageTooLarge' : 'message.fileTooLarge'),
  });
  const name = cleanName(upload.filename);
  const data = upload.data;
  if (!name) throw refused('message.fileMissing');
  const mime = await checkUpload(name, data);
  const kind = fileKindOf(name);
  const [row] = await app.db
    .insert(messageFiles)
    .values({
      organizationId: session.organizationId,
      uploaderId: session.userId,
      name,
      mime,
      size: data.length,
      kind,
      data,
    })
    .returning({ id: messageFiles.id });
  return { id: row!.id, name, size: data.length, kind, mime };
}

/**
 * GET /sys/message/file/:id: the bytes of an attachment, to its uploader (before sending), the message's sender
 * and its recipients only; anyone else gets 404 like a missing file.
 */
export async function sendAttachment(app: AppContext, session: OrgSession, id: number, reply: FastifyReply) {
  const [file] = await app.db
    .select({ f: messageFiles, senderId: messages.senderId })
    .from(messageFiles)
    .leftJoin(messages, eq(messages.id, messageFiles.messageId))
    .where(and(eq(messageFiles.id, id), eq(messageFiles.organizationId, session.organizationId)))
    .limit(1);
  if (!file) throw notFound();
  const { f } = file;
  let allowed = f.messageId === null ? f.uploaderId === session.userId : file.senderId === session.userId;
  if (!allowed && f.messageId !== null) {
    const [r] = await app.db
      .select({ id: messageRecipients.userId })
      .from(messageRecipients)
      .where(and(eq(messageRecipients.messageId, f.messageId), eq(messageRecipients.userId, session.userId)))
      .limit(1);
    allowed = Boolean(r);
  }
  if (!allowed) throw notFound();
  return reply
    .header('Content-Type', f.mime)
    .header('Content-Length', f.size)
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.name)}`)
    .header('Cache-Control', 'private, no-store')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(f.data);
}

/** Unsent uploads of a user older than a day are dropped (a compose screen closed without sending). */
export async function dropStaleUploads(app: AppContext, uploaderId: number) {
  const stale = await app.db
    .select({ id: messageFiles.id, createdAt: messageFiles.createdAt })
    .from(messageFiles)
    .where(and(eq(messageFiles.uploaderId, uploaderId), isNull(messageFiles.messageId)));
  const old = stale.filter((r) => clockMs() - r.createdAt.getTime() > 86_400_000).map((r) => r.id);
  if (old.length) await app.db.delete(messageFiles).where(inArray(messageFiles.id, old));
}

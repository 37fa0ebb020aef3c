import { z } from 'zod';
import { flag01, idSchema, pageQuerySchema } from './common.schema';
import { OPERATION_KINDS } from './operation-kind';

/** Permission codes of the administration screens (spec section 7, Administration). */
export const SystemPerm = {
  logList: 'sys:log:list',
  versionList: 'sys:version:list',
  versionInfo: 'sys:version:info',
  versionSave: 'sys:version:save',
  versionUpdate: 'sys:version:update',
  /** the access log of patient data (issue 22): its screen and its export */
  accessLogList: 'sys:accessLog:list',
  accessLogExport: 'sys:accessLog:export',
} as const;

/** A release number such as 1.2.0 or 2.0.1-rc.1. */
const VERSION_PATTERN = /^\d+(\.\d+){0,3}([-+][0-9A-Za-z.-]+)?$/;

export const versionTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(VERSION_PATTERN, { error: 'validation.versionFormat' });

export const releaseNoteSchema = z.string().trim().max(2000);

const versionFields = {
  version: versionTextSchema,
  /** the release note in Chinese (also the fallback for other languages) */
  releaseNote: releaseNoteSchema.min(1),
  /** the release note in English; empty falls back to the Chinese one */
  releaseNoteEn: releaseNoteSchema.default(''),
  /** making a version current un-marks the others */
  isCurrent: flag01.default(0).transform((v) => v === 1),
};

/** POST /api/sys/version/save */
export const versionSaveSchema = z.strictObject(versionFields);
export type VersionSaveInput = z.input<typeof versionSaveSchema>;

/** POST /api/sys/version/update */
export const versionUpdateSchema = z.strictObject({ id: idSchema, ...versionFields });
export type VersionUpdateInput = z.input<typeof versionUpdateSchema>;

/** POST /api/sys/version/pageInfo: paging and an optional search on the version text. */
export const versionPageSchema = pageQuerySchema.extend({ version: z.string().trim().max(32).optional() });

/** A version as the administration screen shows it (`createdAt`: ISO 8601). */
export const versionRowSchema = z.strictObject({
  id: z.number().int(),
  version: z.string(),
  releaseNote: z.string(),
  releaseNoteEn: z.string(),
  isCurrent: z.boolean(),
  createdAt: z.string(),
});
export type VersionRow = z.output<typeof versionRowSchema>;

/** The current version in the caller's language, as the login screen and the profile show it. */
export const currentVersionSchema = z.strictObject({
  version: z.string(),
  releaseNote: z.string(),
  createdAt: z.string(),
});
export type CurrentVersion = z.output<typeof currentVersionSchema>;

const isoTime = z.iso.datetime({ offset: true, error: 'validation.invalid' });

/**
 * GET /api/sys/log/list: paging, the user's name, a piece of the operation, its kind (without one, every kind but the
 * reads recorded before reads stopped being logged), a time range (ISO 8601).
 */
export const logListQuerySchema = pageQuerySchema.extend({
  userName: z.string().trim().max(64).optional(),
  operation: z.string().trim().max(200).optional(),
  kind: z.enum(OPERATION_KINDS, { error: 'validation.invalid' }).optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
});
export type LogListQuery = z.input<typeof logListQuerySchema>;

/** One recorded request as the operation log lists it. */
export const logRowSchema = z.strictObject({
  id: z.number(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  /** as stored: the permission code of the route, or the path slug of a route without one */
  operation: z.string(),
  /** the operation named in the request's language (screen · button) */
  operationLabel: z.string(),
  kind: z.enum(OPERATION_KINDS),
  method: z.string(),
  url: z.string(),
  params: z.unknown(),
  durationMs: z.number(),
  ip: z.string().nullable(),
  status: z.number(),
  createdAt: z.string(),
});
export type LogRow = z.output<typeof logRowSchema>;

/** What a read of patient data was (issue 22, access log). */
export const ACCESS_KINDS = ['record', 'report', 'file', 'list', 'export'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** The filters of the access log: a patient, a user's name, a kind, a time range (ISO 8601). */
export const accessLogFilterSchema = z.object({
  patientId: idSchema.optional(),
  userName: z.string().trim().max(64).optional(),
  kind: z.enum(ACCESS_KINDS).optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
});

/** GET /api/sys/accessLog/list */
export const accessLogQuerySchema = pageQuerySchema.extend(accessLogFilterSchema.shape);
export type AccessLogQuery = z.input<typeof accessLogQuerySchema>;

/** One read of patient data as the access log lists it. */
export const accessLogRowSchema = z.strictObject({
  id: z.number(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  patientId: z.number().nullable(),
  kind: z.enum(ACCESS_KINDS),
  subject: z.string().nullable(),
  /** the permission of the route that read, e.g. sys:patient:info */
  operation: z.string(),
  url: z.string(),
  rows: z.number().nullable(),
  filters: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AccessLogRow = z.output<typeof accessLogRowSchema>;

/** Who has looked at one patient: the latest reads, newest first. */
export const patientViewerRowSchema = z.strictObject({
  userName: z.string().nullable(),
  kind: z.enum(ACCESS_KINDS),
  subject: z.string().nullable(),
  createdAt: z.string(),
});
export type PatientViewerRow = z.output<typeof patientViewerRowSchema>;

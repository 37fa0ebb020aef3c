import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ASSESSED_AT_TOLERANCE_MS,
  AssessPerm,
  AssessStatus,
  ResultCode,
  UNFINISHED_ASSESS_STATUSES,
  ageOn,
  checkAnswers,
  getScale,
  isEvaluatorOf,
  isOpenAssessment,
  parseAssessTime,
  scoreScale,
  transitionAssessment,
  type AssessBand,
  type AssessCommand,
  type AssessPatientReport,
  type AssessPhase,
  type AssessProjectInfo,
  type AssessProjectRow,
  type AssessStatusCode,
  type Locale,
  type ScaleAnswers,
  type ScaleDefinition,
  type assessListSchema,
  type assessSaveSchema,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import type { Db, TxOrDb } from '../../db/client';
import { membersWithRoles, userNameSql } from '../users';
import { AppError, notFound } from '../../http/errors';
import { permissionsOf } from '../menus';
import { methodNameSql, methodsOfOrganization } from '../methods';
import {
  courseOfRecord,
  patientBirthdaySql,
  patientCard,
  patientDemographics,
  patientNameSql,
  patientSexSql,
} from '../patients';
import { assessAttachments, assessProjects, assessRecords } from './assessments.tables';
import { clockNow } from '../../kernel/clock';
import { escapeLike } from '../../db/like';

/** Who works: the session's organization and user, and the caller's permissions. */
export type AssessScope = { organizationId: number; userId: number; locale: Locale; permissions: ReadonlySet<string> };

type ProjectRow = typeof assessProjects.$inferSelect;

const bad = (key: string, field: string, params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.badRequest, key, params, { field });
const forbiddenBecause = (key: string) => new AppError(ResultCode.forbidden, key);
const conflictBecause = (key: string) => new AppError(ResultCode.conflict, key);

const num = (v: string | null) => (v === null ? null : Number(v));

// ---------------------------------------------------------------------------------------------------------------
// Evaluation authority: the permission `sys:assess:evaluate` through the user's roles in the organization

/** Whether an enabled member of the organization holds evaluation authority there. */
export async function hasEvaluationAuthority(app: AppContext, tx: TxOrDb, userId: number, organizationId: number) {
  const rows = await membersWithRoles(tx, organizationId, userId);
  if (!rows.length) return false;
  const perms = await permissionsOf(
    app,
    [...new Set(rows.map((r) => r.roleId))].sort((a, b) => a - b),
  );
  return perms.has(AssessPerm.evaluate);
}

/** The organization's members with evaluation authority, for the assessor and authorize pickers. */
export async function evaluators(app: AppContext, scope: AssessScope) {
  const rows = await membersWithRoles(app.db, scope.organizationId);
  const byUser = new Map<number, { name: string; roles: number[] }>();
  for (const r of rows) {
    const u = byUser.get(r.id) ?? { name: r.name, roles: [] };
    u.roles.push(r.roleId);
    byUser.set(r.id, u);
  }
  const out: { id: number; name: string }[] = [];
  for (const [id, u] of byUser) {
    if (
      (
        await permissionsOf(
          app,
          [...new Set(u.roles)].sort((a, b) => a - b),
        )
      ).has(AssessPerm.evaluate)
    )
      out.push({ id, name: u.name });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

const methodName = (m: { name: string; nameEn: string } | null, def: ScaleDefinition | undefined, locale: Locale) =>
  locale === 'en' ? (m?.nameEn ?? def?.name.en ?? '') : (m?.name ?? def?.name.zh ?? '');

function selectRows(db: Db) {
  return db
    .select({
      p: assessProjects,
      patientName: patientNameSql(assessProjects.patientId),
      patientSex: patientSexSql(assessProjects.patientId),
      patientBirthday: patientBirthdaySql(assessProjects.patientId),
      methodName: methodNameSql(assessProjects.methodId),
      methodNameEn: methodNameSql(assessProjects.methodId, 'nameEn'),
      assessorName: userNameSql(assessProjects.assessorId),
      authorizedName: userNameSql(assessProjects.authorizedId),
      total: assessRecords.total,
      band: assessRecords.band,
      recordState: assessRecords.state,
      submittedAt: assessRecords.submittedAt,
      attachmentCount: sql<number>`(select count(*) from ${assessAttachments} a where a.project_id = ${assessProjects.id})`,
    })
    .from(assessProjects)
    .leftJoin(assessRecords, eq(assessRecords.projectId, assessProjects.id));
}
type JoinedRow = {
  p: ProjectRow;
  patientName: string;
  patientSex: number;
  patientBirthday: string | null;
  methodName: string;
  methodNameEn: string;
  assessorName: string;
  authorizedName: string | null;
  total: string | null;
  band: unknown;
  recordState: number | null;
  submittedAt: Date | null;
  attachmentCount: number;
};

function present(r: JoinedRow, locale: Locale): AssessProjectRow {
  const def = getScale(r.p.scaleCode);
  const submitted = r.recordState === 2;
  return {
    id: r.p.id,
    patientId: r.p.patientId,
    patientName: r.patientName,
    treatmentId: r.p.treatmentId,
    methodId: r.p.methodId,
    scaleCode: r.p.scaleCode,
    abbr: def?.abbr ?? r.p.scaleCode,
    methodName: methodName({ name: r.methodName, nameEn: r.methodNameEn }, def, locale),
    phase: r.p.phase as AssessPhase,
    assessorId: r.p.assessorId,
    assessorName: r.assessorName,
    authorizedId: r.p.authorizedId,
    authorizedName: r.authorizedName ?? null,
    plannedTime: r.p.plannedTime.toISOString(),
    reportName: r.p.reportName,
    remark: r.p.remark,
    status: r.p.status as AssessStatusCode,
    total: submitted ? num(r.total) : null,
    band: submitted ? ((r.band as AssessBand | null) ?? null) : null,
    submittedAt: submitted && r.submittedAt ? r.submittedAt.toISOString() : null,
    attachmentCount: Number(r.attachmentCount ?? 0),
    createdAt: r.p.createdAt.toISOString(),
  };
}

type ListQuery = z.output<typeof assessListSchema>;

export async function listProjects(app: AppContext, scope: AssessScope, q: ListQuery) {
  const where: (SQL | undefined)[] = [eq(assessProjects.organizationId, scope.organizationId)];
  if (q.type === 'mine') where.push(eq(assessProjects.assessorId, scope.userId));
  if (q.type === 'authorized') where.push(eq(assessProjects.authorizedId, scope.userId));
  if (q.status !== undefined) where.push(eq(assessProjects.status, q.status));
  else if (q.unfinished) where.push(inArray(assessProjects.status, [...UNFINISHED_ASSESS_STATUSES]));
  else where.push(sql`${assessProjects.status} <> ${AssessStatus.cancelled}`);
  if (q.phase !== undefined) where.push(eq(assessProjects.phase, q.phase));
  if (q.patientId !== undefined) where.push(eq(assessProjects.patientId, q.patientId));
  if (q.treatmentId !== undefined) where.push(eq(assessProjects.treatmentId, q.treatmentId));
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    where.push(
      or(
        ilike(patientNameSql(assessProjects.patientId), like),
        ilike(assessProjects.reportName, like),
        ilike(methodNameSql(assessProjects.methodId), like),
      ),
    );
  }
  const condition = and(...where);
  const [{ total }] = (await app.db.select({ total: count() }).from(assessProjects).where(condition)) as [
    { total: number },
  ];
  const rows = (await selectRows(app.db)
    .where(condition)
    .orderBy(asc(assessProjects.status), desc(assessProjects.plannedTime), desc(assessProjects.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)) as JoinedRow[];
  return { list: rows.map((r) => present(r, scope.locale)), total: Number(total) };
}

async function ownProject(tx: TxOrDb, scope: AssessScope, id: number, lock = false): Promise<ProjectRow> {
  const q = tx
    .select()
    .from(assessProjects)
    .where(and(eq(assessProjects.id, id), eq(assessProjects.organizationId, scope.organizationId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

export async function projectInfo(app: AppContext, scope: AssessScope, id: number): Promise<AssessProjectInfo> {
  const [row] = (await selectRows(app.db)
    .where(and(eq(assessProjects.id, id), eq(assessProjects.organizationId, scope.organizationId)))
    .limit(1)) as JoinedRow[];
  if (!row) throw notFound();
  const [record] = await app.db
    .select({ r: assessRecords, submittedByName: userNameSql(assessRecords.submittedBy) })
    .from(assessRecords)
    .where(eq(assessRecords.projectId, id))
    .limit(1);
  const files = await app.db
    .select({
      id: assessAttachments.id,
      name: assessAttachments.name,
      size: assessAttachments.size,
      mime: assessAttachments.mime,
      createdAt: assessAttachments.createdAt,
    })
    .from(assessAttachments)
    .where(eq(assessAttachments.projectId, id))
    .orderBy(asc(assessAttachments.id));
  const open = isOpenAssessment(row.p.status);
  const mayEvaluate = scope.permissions.has(AssessPerm.evaluate) && isEvaluatorOf(row.p, scope.userId);
  return {
    ...present(row, scope.locale),
    patientSex: row.patientSex,
    patientAge: row.patientBirthday ? ageOn(row.patientBirthday) : null,
    record: record
      ? {
          state: record.r.state === 2 ? 'submitted' : 'draft',
          answers: record.r.answers,
          total: num(record.r.total),
          subscores: record.r.subscores ?? {},
          levels: record.r.levels ?? null,
          savedAt: record.r.savedAt.toISOString(),
          submittedAt: record.r.submittedAt?.toISOString() ?? null,
          assessedAt: (record.r.assessedAt ?? record.r.submittedAt)?.toISOString() ?? null,
          submittedById: record.r.submittedBy,
          submittedByName: record.submittedByName ?? null,
        }
      : null,
    attachments: files.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
    can: {
      evaluate: open && mayEvaluate,
      end: open && scope.permissions.has(AssessPerm.end),
      cancel: open && scope.permissions.has(AssessPerm.cancel),
      authorize: open && scope.permissions.has(AssessPerm.authorize),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Planning

type SaveInput = z.output<typeof assessSaveSchema>;

/** POST /sys/assess/save: one project per method, for an active course of the organization. One transaction. */
export async function createProjects(app: AppContext, scope: AssessScope, v: SaveInput) {
  // permissions are read through app.db: before the transaction (PGlite has one connection)
  const assessorOk = await hasEvaluationAuthority(app, app.db, v.assessorId, scope.organizationId);
  return app.db.transaction((tx) => planAssessments(tx, scope, v, assessorOk));
}

/**
 * Plans one project per method for an active course of the organization, in the caller's transaction: the use case
 * of POST /sys/assess/save, and of an accepted remote-consultation proposal (through the face). `assessorOk`: the
 * assessor's evaluation authority, read before the transaction (`hasEvaluationAuthority`).
 */
export async function planAssessments(
  tx: TxOrDb,
  scope: Pick<AssessScope, 'organizationId' | 'userId' | 'locale'>,
  v: SaveInput,
  assessorOk: boolean,
) {
  const course = await courseOfRecord(tx, v.treatmentId);
  if (!course || course.organizationId !== scope.organizationId) throw notFound();
  if (course.status !== 1) throw conflictBecause('assess.courseClosed');
  const methods = await methodsOfOrganization(tx, scope.organizationId, v.methodIds);
  for (const [i, id] of v.methodIds.entries()) {
    const m = methods.find((x) => x.id === id);
    if (!m) throw bad('validation.refNotFound', `methodIds.${i}`, { field: 'methodIds' });
    const name = scope.locale === 'en' ? m.nameEn : m.name;
    if (m.status !== 1) throw bad('assess.methodDisabled', `methodIds.${i}`, { name });
    if (!m.phases.includes(v.phase)) throw bad('assess.methodNotForPhase', `methodIds.${i}`, { name });
  }
  if (!assessorOk) throw bad('assess.assessorNoAuthority', 'assessorId');
  const plannedTime = parseAssessTime(v.plannedTime)!;
  const many = v.methodIds.length > 1;
  const rows = await tx
    .insert(assessProjects)
    .values(
      v.methodIds.map((id) => {
        const m = methods.find((x) => x.id === id)!;
        const abbr = getScale(m.scaleCode)?.abbr ?? m.scaleCode;
        return {
          organizationId: scope.organizationId,
          patientId: course.patientId,
          treatmentId: course.id,
          methodId: m.id,
          scaleCode: m.scaleCode,
          phase: v.phase,
          assessorId: v.assessorId,
          plannedTime,
          reportName: many ? `${v.reportName} · ${abbr}`.slice(0, 50) : v.reportName,
          remark: v.remark,
          createdBy: scope.userId,
          updatedBy: scope.userId,
        };
      }),
    )
    .returning({ id: assessProjects.id });
  return { ids: rows.map((r) => r.id) };
}

/** The transition's answer, or the refusal as a 409 (400 for an input refusal). */
function apply(p: ProjectRow, command: AssessCommand) {
  const t = transitionAssessment(
    { status: p.status as AssessStatusCode, assessorId: p.assessorId, authorizedId: p.authorizedId },
    command,
  );
  if (!t.ok) {
    if (t.key === 'assess.authorizeToAssessor') throw bad(t.key, 'evaluatorId');
    throw conflictBecause(t.key);
  }
  return t;
}

/** POST /sys/assess/end and cancel. */
export async function closeProject(app: AppContext, scope: AssessScope, id: number, action: 'end' | 'cancel') {
  await app.db.transaction(async (tx) => {
    const p = await ownProject(tx, scope, id, true);
    const t = apply(p, { action });
    await tx
      .update(assessProjects)
      .set({
        status: t.to,
        closedAt: clockNow(),
        closedBy: scope.userId,
        updatedBy: scope.userId,
        updatedAt: clockNow(),
      })
      .where(eq(assessProjects.id, id));
  });
}

/** POST /sys/assess/authorize: to another member with evaluation authority. */
export async function authorizeProject(app: AppContext, scope: AssessScope, id: number, evaluatorId: number) {
  // permissions are read through app.db: before the transaction (PGlite has one connection)
  const evaluatorOk = await hasEvaluationAuthority(app, app.db, evaluatorId, scope.organizationId);
  await app.db.transaction(async (tx) => {
    const p = await ownProject(tx, scope, id, true);
    const t = apply(p, { action: 'authorize', evaluatorId });
    if (!evaluatorOk) throw bad('assess.assessorNoAuthority', 'evaluatorId');
    await tx
      .update(assessProjects)
      .set({
        authorizedId: t.state.authorizedId,
        authorizerId: scope.userId,
        updatedBy: scope.userId,
        updatedAt: clockNow(),
      })
      .where(eq(assessProjects.id, id));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Recording

function itemLabel(def: ScaleDefinition, key: string, locale: Locale) {
  const item = def.items.find((i) => i.key === key);
  return item ? (locale === 'en' ? item.label.en : item.label.zh) : key;
}

const ISSUE_KEYS = { missing: 'scale.itemMissing', unknown: 'scale.itemUnknown', outOfRange: 'scale.itemOutOfRange' };

/** The answers checked against the definition; a draft may leave items out, a submission may not. */
function checked(def: ScaleDefinition, raw: Record<string, string | number | null>, locale: Locale, draft: boolean) {
  const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null && v !== ''));
  // a draft: every required item counts as optional, so only unknown items and bad values are refused
  const definition = draft ? { ...def, items: def.items.map((i) => ({ ...i, optional: true })) } : def;
  const result = checkAnswers(definition, given);
  if (!result.ok) {
    const { kind, key } = result.issue;
    throw bad(ISSUE_KEYS[kind], `answers.${key}`, { item: itemLabel(def, key, locale) });
  }
  return result.answers;
}

/** The caller must hold evaluation authority and be the project's assessor or authorized evaluator. */
function checkEvaluator(scope: AssessScope, p: ProjectRow) {
  if (!scope.permissions.has(AssessPerm.evaluate)) throw forbiddenBecause('assess.noAuthority');
  if (!isEvaluatorOf(p, scope.userId)) throw forbiddenBecause('assess.notYourAssessment');
}

/**
 * When the assessment was done (issue 21): the time the evaluator entered, default now; never in the future (beyond
 * the picker's minute) nor before the course was registered.
 */
async function assessmentTime(tx: TxOrDb, p: ProjectRow, text: string | null, now: Date): Promise<Date> {
  const at = text === null ? now : parseAssessTime(text);
  if (!at) throw bad('validation.invalid', 'assessedAt');
  if (at.getTime() > now.getTime() + ASSESSED_AT_TOLERANCE_MS) throw bad('assess.assessedInFuture', 'assessedAt');
  const course = await courseOfRecord(tx, p.treatmentId);
  if (course && at < course.registerTime) {
    throw bad('assess.assessedBeforeCourse', 'assessedAt', { time: chinaTime(course.registerTime) });
  }
  // a time a little ahead of the clock is read as now
  return at > now ? now : at;
}

/** A time as staff read it in China (UTC+8), to the minute. */
const chinaTime = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** POST /sys/assess/storeTemporarily and /sys/assess/submit. Submitting scores on the server (shared scoring). */
export async function recordAnswers(
  app: AppContext,
  scope: AssessScope,
  id: number,
  raw: Record<string, string | number | null>,
  submit: boolean,
  assessedAtText: string | null = null,
) {
  return app.db.transaction(async (tx) => {
    const p = await ownProject(tx, scope, id, true);
    checkEvaluator(scope, p);
    const t = apply(p, { action: submit ? 'submit' : 'storeTemporarily' });
    const def = getScale(p.scaleCode);
    if (!def) throw notFound();
    const answers: ScaleAnswers = checked(def, raw, scope.locale, !submit);
    const now = clockNow();
    const assessedAt = submit ? await assessmentTime(tx, p, assessedAtText, now) : null;
    const score = submit ? scoreScale(def, answers) : null;
    const values = {
      state: submit ? 2 : 1,
      answers,
      total: score?.total === null || score?.total === undefined ? null : String(score.total),
      subscores: score?.subscores ?? null,
      band: score?.band ?? null,
      levels: score?.levels ?? null,
      savedBy: scope.userId,
      savedAt: now,
      submittedBy: submit ? scope.userId : null,
      submittedAt: submit ? now : null,
      assessedAt,
    };
    await tx
      .insert(assessRecords)
      .values({ projectId: id, ...values })
      .onConflictDoUpdate({ target: assessRecords.projectId, set: values });
    await tx
      .update(assessProjects)
      .set({ status: t.to, updatedBy: scope.userId, updatedAt: now })
      .where(eq(assessProjects.id, id));
    return {
      id,
      status: t.to,
      total: score?.total ?? null,
      subscores: score?.subscores ?? {},
      band: score?.band ?? null,
      levels: score?.levels ?? null,
    };
  });
}

/** The submitted record with what the report and the FHIR resource need; 404 elsewhere, 409 before submission. */
export async function submittedAssessment(app: AppContext, scope: AssessScope, id: number) {
  const info = await projectInfo(app, scope, id);
  if (!info.record || info.record.state !== 'submitted') throw conflictBecause('assess.notSubmitted');
  const def = getScale(info.scaleCode);
  if (!def) throw notFound();
  return { info, record: info.record, def };
}

/** GET /sys/assess/course/:treatmentId: the course a patient's assessment screen is about. */
export async function courseInfo(app: AppContext, scope: AssessScope, treatmentId: number) {
  const course = await courseOfRecord(app.db, treatmentId);
  if (!course || course.organizationId !== scope.organizationId) throw notFound();
  const patient = (await patientDemographics(app.db, course.patientId))!;
  const row = {
    treatmentId: course.id,
    status: course.status,
    patientType: course.patientType,
    patientId: patient.id,
    patientName: patient.name,
    sex: patient.sex,
    birthday: patient.birthday,
  };
  const { birthday, ...rest } = row;
  return { ...rest, age: birthday ? ageOn(birthday) : null };
}

// ---------------------------------------------------------------------------------------------------------------
// Patient report and the home card

/** Each scale's submitted totals of a patient, in time order (all courses). */
export async function patientReport(
  app: AppContext,
  scope: AssessScope,
  patientId: number,
): Promise<AssessPatientReport> {
  const patient = await patientCard(app.db, scope.organizationId, patientId);
  if (!patient) throw notFound();
  const rows = await app.db
    .select({
      projectId: assessProjects.id,
      scaleCode: assessProjects.scaleCode,
      phase: assessProjects.phase,
      total: assessRecords.total,
      band: assessRecords.band,
      submittedAt: assessRecords.submittedAt,
    })
    .from(assessProjects)
    .innerJoin(assessRecords, eq(assessRecords.projectId, assessProjects.id))
    .where(
      and(
        eq(assessProjects.patientId, patientId),
        eq(assessProjects.organizationId, scope.organizationId),
        eq(assessRecords.state, 2),
      ),
    )
    .orderBy(asc(assessRecords.submittedAt), asc(assessProjects.id));
  const scales = new Map<string, AssessPatientReport['scales'][number]>();
  for (const r of rows) {
    if (r.total === null || !r.submittedAt) continue;
    const def = getScale(r.scaleCode);
    let s = scales.get(r.scaleCode);
    if (!s) {
      s = {
        scaleCode: r.scaleCode,
        abbr: def?.abbr ?? r.scaleCode,
        nameZh: def?.name.zh ?? r.scaleCode,
        nameEn: def?.name.en ?? r.scaleCode,
        totalRange: def?.totalRange ?? null,
        points: [],
      };
      scales.set(r.scaleCode, s);
    }
    s.points.push({
      projectId: r.projectId,
      phase: r.phase as AssessPhase,
      submittedAt: r.submittedAt.toISOString(),
      total: Number(r.total),
      band: (r.band as AssessBand | null) ?? null,
    });
  }
  return { patientId: patient.id, patientName: patient.name, scales: [...scales.values()] };
}

/** Home card `asCount`: open projects the user is to evaluate (assessor, or authorized to them). */
export async function unfinishedCount(db: Db, organizationId: number, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(assessProjects)
    .where(
      and(
        eq(assessProjects.organizationId, organizationId),
        inArray(assessProjects.status, [...UNFINISHED_ASSESS_STATUSES]),
        or(
          and(eq(assessProjects.assessorId, userId), sql`${assessProjects.authorizedId} IS NULL`),
          eq(assessProjects.authorizedId, userId),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

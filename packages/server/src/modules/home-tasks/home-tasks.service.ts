import crypto from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNotNull, lt, lte, max, sum, type SQL } from 'drizzle-orm';
import {
  taskCompletion,
  taskState,
  daysBetween,
  ResultCode,
  type Locale,
  type TaskFieldChange,
  type TaskRow,
  type appletTaskReportSchema,
  type taskEditSchema,
  type taskPageQuerySchema,
  type taskSaveSchema,
  type taskStopSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { clinicToday } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { patientIdsMatching, patientNames, patientOfOrganization } from '../patients';
import { userNames } from '../users';
import { publishedContentItem, publishedContentTitles } from '../content';
import { homeTaskChanges, homeTaskReports, homeTasks } from './home-tasks.tables';

export type TaskScope = { organizationId: number; userId: number; locale: Locale };
type Task = typeof homeTasks.$inferSelect;

const taskNotFound = () => notFound('task.notFound');
const linkInvalid = () => notFound('task.linkInvalid');
/** a refused last day, answered at the dialog's field */
const badEndOn = (key: string) => new AppError(ResultCode.badRequest, key, {}, { field: 'endOn' });

/** A new patient link: 32 random bytes, of which only the hash is stored. */
function newToken() {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOf(token) };
}
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const titleOf = (t: Pick<Task, 'titleZh' | 'titleEn'>, locale: Locale) =>
  locale === 'en' && t.titleEn.trim() ? t.titleEn : t.titleZh;

/** The day a task's completion is measured to: the day it was closed, else today. */
const untilOf = (t: Task, today: string, now: Date) =>
  t.closedAt ? clinicToday(t.closedAt) : t.status === 'active' ? today : clinicToday(now);

async function doneOf(db: TxOrDb, ids: number[]) {
  if (!ids.length) return new Map<number, { done: number; last: string | null }>();
  const rows = await db
    .select({ id: homeTaskReports.taskId, done: sum(homeTaskReports.times), last: max(homeTaskReports.doneOn) })
    .from(homeTaskReports)
    .where(inArray(homeTaskReports.taskId, ids))
    .groupBy(homeTaskReports.taskId);
  return new Map(rows.map((r) => [r.id, { done: Number(r.done ?? 0), last: r.last }]));
}

async function rowsOf(app: AppContext, scope: TaskScope, list: Task[]): Promise<TaskRow[]> {
  const now = app.clock.now();
  const today = clinicToday(now);
  const [patients, therapists, done] = await Promise.all([
    patientNames(
      app.db,
      scope.organizationId,
      list.map((t) => t.patientId),
    ),
    userNames(
      app.db,
      list.map((t) => t.therapistId),
    ),
    doneOf(
      app.db,
      list.map((t) => t.id),
    ),
  ]);
  return list.map((t) => {
    const d = done.get(t.id) ?? { done: 0, last: null };
    return {
      id: t.id,
      patientId: t.patientId,
      patientName: patients.get(t.patientId) ?? '',
      kind: t.kind,
      title: titleOf(t, scope.locale),
      contentId: t.contentId,
      instructions: t.instructions,
      timesPerUnit: t.timesPerUnit,
      frequencyUnit: t.frequencyUnit,
      startOn: t.startOn,
      endOn: t.endOn,
      status: t.status,
      state: taskState(t.status, t.endOn, today),
      stopReason: t.stopReason,
      therapistId: t.therapistId,
      therapistName: t.therapistId ? (therapists.get(t.therapistId) ?? '') : '',
      doneTimes: d.done,
      ...taskCompletion(t, d.done, untilOf(t, today, now)),
      lastDoneOn: d.last,
      createdAt: t.createdAt.toISOString(),
      closedAt: t.closedAt ? t.closedAt.toISOString() : null,
    };
  });
}

/** The organization's tasks by the filters: overdue and active first, then the newest. */
export async function listTasks(app: AppContext, scope: TaskScope, q: z.output<typeof taskPageQuerySchema>) {
  const today = clinicToday(app.clock.now());
  const where: SQL[] = [eq(homeTasks.organizationId, scope.organizationId)];
  if (q.patientId) where.push(eq(homeTasks.patientId, q.patientId));
  if (q.patientName) {
    const ids = await patientIdsMatching(app.db, scope.organizationId, q.patientName);
    if (!ids.length) return { list: [], total: 0 };
    where.push(inArray(homeTasks.patientId, ids));
  }
  if (q.therapistId) where.push(eq(homeTasks.therapistId, q.therapistId));
  if (q.state === 'overdue') where.push(eq(homeTasks.status, 'active'), lt(homeTasks.endOn, today));
  else if (q.state === 'active') where.push(eq(homeTasks.status, 'active'), gte(homeTasks.endOn, today));
  else if (q.state) where.push(eq(homeTasks.status, q.state));
  if (q.from) where.push(gte(homeTasks.endOn, q.from));
  if (q.to) where.push(lte(homeTasks.startOn, q.to));
  const cond = and(...where)!;
  const [list, [n]] = await Promise.all([
    app.db
      .select()
      .from(homeTasks)
      .where(cond)
      .orderBy(desc(eq(homeTasks.status, 'active')), desc(homeTasks.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    app.db.select({ n: count() }).from(homeTasks).where(cond),
  ]);
  return { list: await rowsOf(app, scope, list), total: Number(n?.n ?? 0) };
}

async function taskOf(db: TxOrDb, organizationId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(homeTasks)
    .where(and(eq(homeTasks.id, id), eq(homeTasks.organizationId, organizationId)));
  const [t] = await (lock ? q.for('update') : q);
  if (!t) throw taskNotFound();
  return t;
}

const reportsOf = (db: TxOrDb, taskId: number) =>
  db
    .select()
    .from(homeTaskReports)
    .where(eq(homeTaskReports.taskId, taskId))
    .orderBy(desc(homeTaskReports.doneOn), desc(homeTaskReports.id));

const changesOf = (db: TxOrDb, taskId: number) =>
  db.select().from(homeTaskChanges).where(eq(homeTaskChanges.taskId, taskId)).orderBy(desc(homeTaskChanges.id));

/** One task with its completion log and its edits, newest first. */
export async function taskDetail(app: AppContext, scope: TaskScope, id: number) {
  const t = await taskOf(app.db, scope.organizationId, id);
  const [[row], reports, changes] = await Promise.all([
    rowsOf(app, scope, [t]),
    reportsOf(app.db, t.id),
    changesOf(app.db, t.id),
  ]);
  const editors = await userNames(
    app.db,
    changes.map((c) => c.changedBy),
  );
  return {
    ...row!,
    reports: reports.map((r) => ({
      id: r.id,
      doneOn: r.doneOn,
      times: r.times,
      note: r.note,
      reportedAt: r.reportedAt.toISOString(),
    })),
    changes: changes.map((c) => ({
      id: c.id,
      changedAt: c.changedAt.toISOString(),
      changedBy: c.changedBy,
      changedByName: c.changedBy ? (editors.get(c.changedBy) ?? '') : '',
      changes: c.changes,
    })),
  };
}

/** The therapists who have assigned tasks in the organization (the list's filter). */
export async function taskTherapists(app: AppContext, scope: TaskScope) {
  const rows = await app.db
    .selectDistinct({ id: homeTasks.therapistId })
    .from(homeTasks)
    .where(and(eq(homeTasks.organizationId, scope.organizationId), isNotNull(homeTasks.therapistId)));
  const names = await userNames(
    app.db,
    rows.map((r) => r.id),
  );
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
}

/** The published articles and education items a task can give, in the reader's language. */
export async function taskContents(app: AppContext, scope: TaskScope) {
  const items = await publishedContentTitles(app.db, scope.organizationId);
  return items.map((i) => ({ id: i.id, kind: i.kind, title: titleOf(i, scope.locale) }));
}

/** Assigns a task to a patient of the organization; answers its id and the patient's link (shown once). */
export async function saveTask(app: AppContext, scope: TaskScope, v: z.output<typeof taskSaveSchema>) {
  await patientOfOrganization(app.db, scope.organizationId, v.patientId);
  let titles = { titleZh: v.title, titleEn: '' };
  let contentId: number | null = null;
  if (v.kind === 'education') {
    const [item] = await publishedContentTitles(app.db, scope.organizationId, [v.contentId!]);
    if (!item) throw badRequest('task.contentNotFound');
    titles = { titleZh: item.titleZh, titleEn: item.titleEn };
    contentId = item.id;
  }
  const { token, tokenHash } = newToken();
  const id = await runUnitOfWork(app, async ({ tx, now }) => {
    const [row] = await tx
      .insert(homeTasks)
      .values({
        organizationId: scope.organizationId,
        patientId: v.patientId,
        kind: v.kind,
        ...titles,
        contentId,
        instructions: v.instructions,
        timesPerUnit: v.timesPerUnit,
        frequencyUnit: v.frequencyUnit,
        startOn: v.startOn,
        endOn: v.endOn,
        status: 'active',
        tokenHash,
        therapistId: scope.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: homeTasks.id });
    return row!.id;
  });
  return { id, token };
}

/** The fields an edit changes, with their values before and after; empty when it changes nothing. */
function changedFields(t: Task, v: z.output<typeof taskEditSchema>): TaskFieldChange[] {
  const changes: TaskFieldChange[] = [];
  if (t.timesPerUnit !== v.timesPerUnit || t.frequencyUnit !== v.frequencyUnit) {
    changes.push({
      field: 'frequency',
      before: { timesPerUnit: t.timesPerUnit, frequencyUnit: t.frequencyUnit },
      after: { timesPerUnit: v.timesPerUnit, frequencyUnit: v.frequencyUnit },
    });
  }
  if (t.endOn !== v.endOn) changes.push({ field: 'endOn', before: t.endOn, after: v.endOn });
  if (t.instructions !== v.instructions) {
    changes.push({ field: 'instructions', before: t.instructions, after: v.instructions });
  }
  return changes;
}

/**
 * Edits an active task: its frequency, last day and instructions; the kind, the item, the first day and the patient's
 * link stay. A new last day is not before the first day nor today (an overdue task can have its instructions edited
 * and keep its last day). Each edit is one row of the task's history with the changed fields before and after.
 */
export async function updateTask(app: AppContext, scope: TaskScope, v: z.output<typeof taskEditSchema>) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const t = await taskOf(tx, scope.organizationId, v.id, true);
    if (t.status !== 'active') throw conflict('task.notActive');
    const changes = changedFields(t, v);
    if (!changes.length) throw badRequest('task.unchanged');
    if (v.endOn !== t.endOn) {
      if (v.endOn < t.startOn) throw badEndOn('task.endBeforeStart');
      if (v.endOn < clinicToday(now)) throw badEndOn('task.endBeforeToday');
      if (daysBetween(t.startOn, v.endOn) > 366) throw badEndOn('task.periodTooLong');
    }
    await tx
      .update(homeTasks)
      .set({
        timesPerUnit: v.timesPerUnit,
        frequencyUnit: v.frequencyUnit,
        endOn: v.endOn,
        instructions: v.instructions,
        updatedAt: now,
      })
      .where(eq(homeTasks.id, t.id));
    await tx.insert(homeTaskChanges).values({ taskId: t.id, changes, changedBy: scope.userId, changedAt: now });
  });
}

/** Closes an active task: completed, or stopped with the reason. */
export async function closeTask(
  app: AppContext,
  scope: TaskScope,
  v: { id: number } & Partial<z.output<typeof taskStopSchema>>,
  status: 'completed' | 'stopped',
) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const t = await taskOf(tx, scope.organizationId, v.id, true);
    if (t.status !== 'active') throw conflict('task.notActive');
    await tx
      .update(homeTasks)
      .set({
        status,
        stopReason: status === 'stopped' ? v.reason! : null,
        closedBy: scope.userId,
        closedAt: now,
        updatedAt: now,
      })
      .where(eq(homeTasks.id, t.id));
  });
}

/** A new patient link for a task; the old one stops working. */
export async function renewTaskLink(app: AppContext, scope: TaskScope, v: { id: number }) {
  const { token, tokenHash } = newToken();
  await runUnitOfWork(app, async ({ tx, now }) => {
    const t = await taskOf(tx, scope.organizationId, v.id, true);
    await tx.update(homeTasks).set({ tokenHash, updatedAt: now }).where(eq(homeTasks.id, t.id));
  });
  return { id: v.id, token };
}

// ---- the mini-program -------------------------------------------------------------------------------------------

async function taskOfToken(db: TxOrDb, token: string, lock = false) {
  const q = db
    .select()
    .from(homeTasks)
    .where(eq(homeTasks.tokenHash, hashOf(token)));
  const [t] = await (lock ? q.for('update') : q);
  if (!t) throw linkInvalid();
  return t;
}

/** The task the link opens, in the asked language, with what was reported; the given item's published version. */
export async function appletTask(app: AppContext, token: string, lang: Locale) {
  const t = await taskOfToken(app.db, token);
  const now = app.clock.now();
  const today = clinicToday(now);
  const [reports, done, content] = await Promise.all([
    reportsOf(app.db, t.id),
    doneOf(app.db, [t.id]),
    t.contentId ? publishedContentItem(app.db, t.organizationId, t.contentId, lang) : Promise.resolve(null),
  ]);
  const doneTimes = done.get(t.id)?.done ?? 0;
  return {
    kind: t.kind,
    title: titleOf(t, lang),
    instructions: t.instructions,
    timesPerUnit: t.timesPerUnit,
    frequencyUnit: t.frequencyUnit,
    startOn: t.startOn,
    endOn: t.endOn,
    state: taskState(t.status, t.endOn, today),
    doneTimes,
    ...taskCompletion(t, doneTimes, untilOf(t, today, now)),
    content,
    reports: reports.map((r) => ({ doneOn: r.doneOn, times: r.times, note: r.note })),
  };
}

/** The patient reports what was done: on a day of the period up to today, while the task is active. */
export async function reportTask(app: AppContext, token: string, v: z.output<typeof appletTaskReportSchema>) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const t = await taskOfToken(tx, token, true);
    if (t.status !== 'active') throw conflict('task.notActive');
    const today = clinicToday(now);
    const doneOn = v.doneOn ?? today;
    if (doneOn > today) throw badRequest('task.doneInFuture');
    if (doneOn < t.startOn || doneOn > t.endOn) throw badRequest('task.doneOutsidePeriod');
    await tx.insert(homeTaskReports).values({ taskId: t.id, doneOn, times: v.times, note: v.note, reportedAt: now });
  });
}

import { and, count, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  daysBetween,
  riskOf,
  type CareRow,
  type TubeDetail,
  type TubeRow,
  type tubeCareSchema,
  type tubePageQuerySchema,
  type tubeRemoveSchema,
  type tubeSaveSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { clinicToday } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { sendSystemMessages, type SystemMessage } from '../messages';
import { coursesOfPatient, patientIdsMatching, patientNames, patientOfOrganization } from '../patients';
import { userNames } from '../users';
import { tubeCares, tubes } from './tubes.tables';

export type TubeScope = { organizationId: number; userId: number };
type Tube = typeof tubes.$inferSelect;

/** The screen a change alert opens: the tube's detail. */
export const tubeLink = (t: Pick<Tube, 'id' | 'patientId' | 'status' | 'treatmentId'>) =>
  `/pipeline/pipeline-detail/${t.patientId}/${t.id}/${t.status}${t.treatmentId ? `/${t.treatmentId}` : ''}`;

const changeDue = (t: Tube, today: string) =>
  t.status !== 'removed' && t.plannedChangeOn !== null && t.plannedChangeOn <= today;

function rowOf(t: Tube, patientName: string, today: string): TubeRow {
  return {
    id: t.id,
    patientId: t.patientId,
    patientName,
    treatmentId: t.treatmentId,
    kind: t.kind,
    site: t.site,
    size: t.size,
    placedOn: t.placedOn,
    placedBy: t.placedBy,
    plannedChangeOn: t.plannedChangeOn,
    status: t.status,
    changeDue: changeDue(t, today),
    days: Math.max(0, daysBetween(t.placedOn, t.removedOn ?? today)),
    riskScore: t.riskScore,
    riskLevel: t.riskLevel,
    removedOn: t.removedOn,
    removalReason: t.removalReason,
    remark: t.remark,
    lastCareAt: t.lastCareAt?.toISOString() ?? null,
  };
}

/** The organization's tubes, those due for a change first, then the newest. */
export async function listTubes(app: AppContext, scope: TubeScope, q: z.output<typeof tubePageQuerySchema>) {
  const today = clinicToday();
  const where: SQL[] = [eq(tubes.organizationId, scope.organizationId)];
  if (q.patientId) where.push(eq(tubes.patientId, q.patientId));
  if (q.patientName) {
    const ids = await patientIdsMatching(app.db, scope.organizationId, q.patientName);
    if (!ids.length) return { list: [], total: 0 };
    where.push(inArray(tubes.patientId, ids));
  }
  if (q.kind) where.push(eq(tubes.kind, q.kind));
  if (q.status) where.push(eq(tubes.status, q.status));
  if (q.changeDue) where.push(ne(tubes.status, 'removed'), lte(tubes.plannedChangeOn, today));
  const cond = and(...where)!;
  const dueFirst = sql`CASE WHEN ${tubes.status} <> 'removed' AND ${tubes.plannedChangeOn} <= ${today} THEN 0 ELSE 1 END`;
  const [rows, [n]] = await Promise.all([
    app.db
      .select()
      .from(tubes)
      .where(cond)
      .orderBy(dueFirst, desc(tubes.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    app.db.select({ n: count() }).from(tubes).where(cond),
  ]);
  const names = await patientNames(
    app.db,
    scope.organizationId,
    rows.map((r) => r.patientId),
  );
  return { list: rows.map((r) => rowOf(r, names.get(r.patientId) ?? '', today)), total: Number(n?.n ?? 0) };
}

async function tubeOf(db: TxOrDb, scope: TubeScope, id: number, lock = false) {
  const q = db
    .select()
    .from(tubes)
    .where(and(eq(tubes.id, id), eq(tubes.organizationId, scope.organizationId)));
  const [t] = lock ? await q.for('update') : await q;
  if (!t) throw notFound('tube.notFound');
  return t;
}

/** A tube with its care records, newest first. */
export async function tubeDetail(app: AppContext, scope: TubeScope, id: number): Promise<TubeDetail> {
  const t = await tubeOf(app.db, scope, id);
  const cares = await app.db.select().from(tubeCares).where(eq(tubeCares.tubeId, t.id)).orderBy(desc(tubeCares.id));
  const names = await userNames(
    app.db,
    cares.map((c) => c.caredBy),
  );
  const patient = await patientNames(app.db, scope.organizationId, [t.patientId]);
  return {
    tube: rowOf(t, patient.get(t.patientId) ?? '', clinicToday()),
    cares: cares.map((c): CareRow => ({
      id: c.id,
      caredAt: c.caredAt.toISOString(),
      caredByName: c.caredBy ? (names.get(c.caredBy) ?? null) : null,
      action: c.action,
      risk: c.risk,
      riskScore: c.riskScore,
      riskLevel: c.riskLevel,
      note: c.note,
    })),
  };
}

export async function saveTube(app: AppContext, scope: TubeScope, v: z.output<typeof tubeSaveSchema>) {
  await patientOfOrganization(app.db, scope.organizationId, v.patientId);
  if (v.treatmentId) {
    const courses = await coursesOfPatient(app.db, scope.organizationId, v.patientId);
    if (!courses.some((c) => c.id === v.treatmentId)) throw notFound('tube.courseNotFound');
  }
  if (v.placedOn > clinicToday()) throw badRequest('tube.placedInFuture');
  return runUnitOfWork(app, async ({ tx, now }) => {
    const [row] = await tx
      .insert(tubes)
      .values({
        organizationId: scope.organizationId,
        ...v,
        status: 'placed',
        createdBy: scope.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tubes.id });
    return { id: row!.id };
  });
}

/** A care record: the risk of unplanned removal is scored, the tube is maintained (and its next change moved). */
export async function careTube(app: AppContext, scope: TubeScope, v: z.output<typeof tubeCareSchema>) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const t = await tubeOf(tx, scope, v.tubeId, true);
    if (t.status === 'removed') throw conflict('tube.alreadyRemoved');
    if (v.plannedChangeOn && v.plannedChangeOn < t.placedOn) throw badRequest('tube.changeBeforePlaced');
    const risk = riskOf(t.kind, v.risk);
    await tx.insert(tubeCares).values({
      organizationId: scope.organizationId,
      tubeId: t.id,
      action: v.action,
      risk: v.risk,
      riskScore: risk.score,
      riskLevel: risk.level,
      note: v.note,
      caredAt: now,
      caredBy: scope.userId,
    });
    await tx
      .update(tubes)
      .set({
        status: 'maintained',
        riskScore: risk.score,
        riskLevel: risk.level,
        lastCareAt: now,
        ...(v.plannedChangeOn !== undefined ? { plannedChangeOn: v.plannedChangeOn } : {}),
        updatedAt: now,
      })
      .where(eq(tubes.id, t.id));
  });
}

export async function removeTube(app: AppContext, scope: TubeScope, v: z.output<typeof tubeRemoveSchema>) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const t = await tubeOf(tx, scope, v.tubeId, true);
    if (t.status === 'removed') throw conflict('tube.alreadyRemoved');
    if (v.removedOn < t.placedOn) throw badRequest('tube.removedBeforePlaced');
    if (v.removedOn > clinicToday(now)) throw badRequest('tube.removedInFuture');
    await tx
      .update(tubes)
      .set({ status: 'removed', removedOn: v.removedOn, removalReason: v.reason, removalNote: v.note, updatedAt: now })
      .where(eq(tubes.id, t.id));
  });
}

/**
 * The change alert (job tubeChangeDue): every tube in place whose planned change is today or past and not yet
 * announced for that day is announced once to who recorded it and who cared for it, in an internal message that
 * opens the tube. Answers how many tubes were announced.
 */
export async function alertDueChanges(app: AppContext, now: Date): Promise<number> {
  const today = clinicToday(now);
  const due = await app.db
    .select()
    .from(tubes)
    .where(
      and(
        ne(tubes.status, 'removed'),
        lte(tubes.plannedChangeOn, today),
        or(isNull(tubes.changeAlertedOn), ne(tubes.changeAlertedOn, tubes.plannedChangeOn)),
      ),
    )
    .orderBy(tubes.id)
    .limit(500);
  if (!due.length) return 0;
  const carers = await app.db
    .selectDistinct({ tubeId: tubeCares.tubeId, userId: tubeCares.caredBy })
    .from(tubeCares)
    .where(
      inArray(
        tubeCares.tubeId,
        due.map((t) => t.id),
      ),
    );
  const messages: SystemMessage[] = [];
  for (const t of due) {
    const names = await patientNames(app.db, t.organizationId, [t.patientId]);
    const userIds = [t.createdBy, ...carers.filter((c) => c.tubeId === t.id).map((c) => c.userId)].filter(
      (id): id is number => typeof id === 'number',
    );
    messages.push({
      organizationId: t.organizationId,
      userIds,
      category: 'execute',
      title: { key: 'tube.changeDueTitle', params: { patient: names.get(t.patientId) ?? '' } },
      content: {
        key: 'tube.changeDueContent',
        params: { patient: names.get(t.patientId) ?? '', site: t.site, date: t.plannedChangeOn! },
      },
      link: tubeLink(t),
    });
  }
  await sendSystemMessages(app, messages, async (tx) => {
    for (const t of due) await tx.update(tubes).set({ changeAlertedOn: t.plannedChangeOn }).where(eq(tubes.id, t.id));
  });
  return due.length;
}

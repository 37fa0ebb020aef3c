import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ResultCode,
  WORK_ORDER_INPUT_REFUSALS,
  WORK_ORDER_PHOTO_MAX_BYTES,
  WORK_ORDER_PHOTO_MIME_TYPES,
  WORK_ORDER_SIGNATURE_MIME_TYPES,
  WorkOrderFileKind,
  WorkOrderStatus,
  transitionWorkOrder,
  translate,
  type Locale,
  type WorkOrderCommand,
  type WorkOrderState,
  type WorkOrderStatusCode,
  type handleStateSchema,
  type referralListSchema,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { officeNameRows } from '../offices';
import { userNameRows, userNames, userNameSql } from '../users';
import { equipmentNameEnSql, rowNameSql } from '../master-data';
import { AppError, notFound } from '../../http/errors';
import { readOneFile } from '../../http/upload';
import { xlsxOf, xlsxTime, type XlsxColumn } from '../../http/xlsx';
import { sendSystemMessage } from '../messages';
import { countTreatment, patientNameRows, projectRows } from '../patients';
import { sha256Hex, signRecord } from '../signatures';
import {
  isActiveTeam,
  localTeamName,
  membershipsOf,
  teamIdsOfMember,
  teamNameEnSql,
  teamNameSql,
  teamsWithEnabledMembers,
} from '../teams';
import { clinicToday } from './work-orders.generation';
import { workOrderDayCounts, workOrderFiles, workOrderHistory, workOrders } from './work-orders.tables';
import { cardCourse, cardPatient, cardProject, workOrderCards } from './work-orders.cards';
import { clockNow } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import './work-orders.events';
import { localName } from '../../kernel/local-name';
import { escapeLike } from '../../db/like';

export type OrderScope = { organizationId: number; userId: number; locale: Locale };
type Filters = Omit<z.output<typeof referralListSchema>, 'page' | 'limit'>;
type HandleState = z.output<typeof handleStateSchema>;

/**
 * The name of a staff member, group or piece of equipment an order points at, as a scalar subquery (the owners'):
 * a page of orders joined with seven more tables cost PostgreSQL 60-70 ms of planning for 1 ms of execution (issue
 * 23), and subqueries are planned one table at a time.
 */
const userName = (id: SQLWrapper) => userNameSql(id) as SQL<string | null>;

/** The executing department of an order (an inner join: every order has one). */
const execOffice = officeNameRows('sys_office');

/** The columns of an order as the lists and the detail answer them. */
const orderColumns = {
  id: workOrders.id,
  patientId: workOrders.patientId,
  treatmentId: workOrders.treatmentId,
  projectId: workOrders.projectId,
  treatDate: workOrders.treatDate,
  seq: workOrders.seq,
  status: workOrders.status,
  signed: workOrders.signed,
  photographed: workOrders.photographed,
  completedAt: workOrders.completedAt,
  checkedInAt: workOrders.checkedInAt,
  invalidReason: workOrders.invalidReason,
  remark: workOrders.remark,
  treatRecord: workOrders.treatRecord,
  equipmentId: workOrders.equipmentId,
  therapistId: workOrders.therapistId,
  teamId: workOrders.teamId,
  authorizedTherapistId: workOrders.authorizedTherapistId,
  authorizedTeamId: workOrders.authorizedTeamId,
  authorizerId: workOrders.authorizerId,
  executorId: workOrders.executorId,
  patientName: cardPatient.name,
  sex: cardPatient.sex,
  phone: cardPatient.phone,
  bedNumber: cardCourse.bedNo,
  outpatientNo: cardCourse.outpatientNo,
  inpatientNo: cardCourse.inpatientNo,
  patientType: cardCourse.patientType,
  projectName: cardProject.name,
  frequency: cardProject.frequency,
  duration: cardProject.duration,
  treatedTimes: cardProject.treatedTimes,
  totalTimes: cardProject.totalTimes,
  execOfficeName: execOffice.name,
  execOfficeNameLang: execOffice.nameLang,
  equipmentName: rowNameSql('equipment', workOrders.equipmentId),
  equipmentNameEn: equipmentNameEnSql(workOrders.equipmentId),
  therapistName: userName(workOrders.therapistId),
  treatmentTeamName: teamNameSql(workOrders.teamId),
  treatmentTeamNameEn: teamNameEnSql(workOrders.teamId),
  authorizedTherapistName: userName(workOrders.authorizedTherapistId),
  authorizedTeamName: teamNameSql(workOrders.authorizedTeamId),
  authorizedTeamNameEn: teamNameEnSql(workOrders.authorizedTeamId),
  authorizerName: userName(workOrders.authorizerId),
  executorName: userName(workOrders.executorId),
};

function baseQuery(db: Db) {
  return workOrderCards(db, orderColumns).innerJoin(execOffice, eq(execOffice.id, workOrders.execOfficeId));
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

export function presentOrder(r: OrderRow, locale: Locale) {
  const { execOfficeNameLang, treatmentTeamNameEn, authorizedTeamNameEn, equipmentNameEn, ...rest } = r;
  const team = (name: string | null, nameEn: string | null) =>
    name === null ? null : localTeamName(locale, name, nameEn);
  return {
    ...rest,
    treatmentTeamName: team(r.treatmentTeamName, treatmentTeamNameEn),
    authorizedTeamName: team(r.authorizedTeamName, authorizedTeamNameEn),
    execOfficeName: (execOfficeNameLang as Record<string, string> | null)?.[locale] ?? r.execOfficeName,
    equipmentName: localName(locale, r.equipmentName as string | null, equipmentNameEn as string | null),
    cardNo: r.outpatientNo ?? r.inpatientNo ?? String(r.patientId),
    completedAt: r.completedAt?.toISOString() ?? null,
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
  };
}
export type OrderView = ReturnType<typeof presentOrder>;

/** Conditions of the shared list filters. */
function filterConditions(scope: OrderScope, f: Partial<Filters>): SQL[] {
  const where: SQL[] = [eq(workOrders.organizationId, scope.organizationId)];
  if (f.patientId) where.push(eq(workOrders.patientId, f.patientId));
  if (f.projectId) where.push(eq(workOrders.projectId, f.projectId));
  if (f.therapistId)
    where.push(
      or(eq(workOrders.therapistId, f.therapistId), eq(workOrders.authorizedTherapistId, f.therapistId)) as SQL,
    );
  if (f.status) where.push(eq(workOrders.status, f.status));
  if (f.startDate) where.push(gte(workOrders.treatDate, f.startDate));
  if (f.endDate) where.push(lte(workOrders.treatDate, f.endDate));
  if (f.signed !== undefined) where.push(eq(workOrders.signed, f.signed === 1));
  if (f.keyword) {
    const k = `%${escapeLike(f.keyword)}%`;
    where.push(
      or(
        ilike(cardPatient.name, k),
        ilike(cardPatient.namePinyin, k),
        ilike(cardPatient.nameInitials, k),
        ilike(cardProject.name, k),
        ilike(cardCourse.outpatientNo, k),
        ilike(cardCourse.inpatientNo, k),
      ) as SQL,
    );
  }
  return where;
}

/** Orders that are mine: assigned to me (or to a group of mine when nobody is named) or authorized to me. */
async function mineCondition(db: Db, scope: OrderScope): Promise<SQL> {
  const groups = await teamIdsOfMember(db, scope.organizationId, scope.userId);
  const parts: SQL[] = [
    and(eq(workOrders.therapistId, scope.userId), isNull(workOrders.authorizedTherapistId)) as SQL,
    eq(workOrders.authorizedTherapistId, scope.userId),
  ];
  if (groups.length)
    parts.push(
      and(
        isNull(workOrders.therapistId),
        isNull(workOrders.authorizedTherapistId),
        inArray(workOrders.teamId, groups),
      ) as SQL,
    );
  return or(...parts) as SQL;
}

/** The lists' order within a day: a patient's orders together (in registration order), by project and number. */
const WITHIN_DAY = [asc(workOrders.patientId), asc(workOrders.projectId), asc(workOrders.seq)];

export async function pageOrders(
  db: Db,
  scope: OrderScope,
  where: SQL[],
  page: number,
  limit: number,
  order: 'asc' | 'desc' = 'asc',
) {
  const cond = and(...where);
  // asc: by day; desc (the lists): today and the coming days first, then the past, most recent first
  const today = clinicToday();
  const sort =
    order === 'asc'
      ? [asc(workOrders.treatDate), ...WITHIN_DAY]
      : [
          asc(sql`${workOrders.treatDate} < ${today}`),
          asc(sql`case when ${workOrders.treatDate} >= ${today} then ${workOrders.treatDate} end`),
          desc(workOrders.treatDate),
          ...WITHIN_DAY,
        ];
  const rows = await baseQuery(db)
    .where(cond)
    .orderBy(...sort)
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await workOrderCards(db, { n: count() }).where(cond);
  return { list: rows.map((r) => presentOrder(r, scope.locale)), total: Number(total?.n ?? 0) };
}

export async function listOrders(db: Db, scope: OrderScope, f: Filters & { page: number; limit: number }) {
  if (!f.patientId && !f.projectId && !f.therapistId && !f.keyword) return pageOrdersByDay(db, scope, f);
  return pageOrders(db, scope, filterConditions(scope, f), f.page, f.limit, 'desc');
}

/**
 * The organization's list without a narrowing filter (issue 23: a year holds about two million orders): the orders
 * per day come from the kept day counts (`wo_day_count`, exact: kept in the writing transactions), which give the
 * total and the days the page falls on; each of those days gives its slice of ids from the day index in the lists'
 * order, and only the page's rows are joined. The same order as `pageOrders` 'desc'.
 */
async function pageOrdersByDay(db: Db, scope: OrderScope, f: Filters & { page: number; limit: number }) {
  const c = workOrderDayCounts;
  const counted: SQL[] = [eq(c.organizationId, scope.organizationId)];
  const rows: SQL[] = [eq(workOrders.organizationId, scope.organizationId)];
  if (f.status) {
    counted.push(eq(c.status, f.status));
    rows.push(eq(workOrders.status, f.status));
  }
  if (f.signed !== undefined) {
    counted.push(eq(c.signed, f.signed === 1));
    rows.push(eq(workOrders.signed, f.signed === 1));
  }
  if (f.startDate) counted.push(gte(c.treatDate, f.startDate));
  if (f.endDate) counted.push(lte(c.treatDate, f.endDate));
  const days = await db
    .select({ day: c.treatDate, n: sql<number>`sum(${c.n})::int` })
    .from(c)
    .where(and(...counted))
    .groupBy(c.treatDate)
    .having(sql`sum(${c.n}) > 0`);
  const today = clinicToday();
  const coming = days.filter((d) => d.day >= today).sort((a, b) => a.day.localeCompare(b.day));
  const past = days.filter((d) => d.day < today).sort((a, b) => b.day.localeCompare(a.day));
  const total = days.reduce((sum, d) => sum + Number(d.n), 0);
  const slices: { day: string; offset: number; take: number }[] = [];
  let skip = (f.page - 1) * f.limit;
  let want = f.limit;
  for (const d of [...coming, ...past]) {
    if (want === 0) break;
    if (skip >= d.n) {
      skip -= d.n;
      continue;
    }
    const take = Math.min(want, d.n - skip);
    slices.push({ day: d.day, offset: skip, take });
    want -= take;
    skip = 0;
  }
  const ids: number[] = [];
  for (const s of slices) {
    const got = await db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(and(...rows, eq(workOrders.treatDate, s.day)))
      .orderBy(asc(workOrders.patientId), asc(workOrders.projectId), asc(workOrders.seq))
      .limit(s.take)
      .offset(s.offset);
    ids.push(...got.map((r) => r.id));
  }
  if (!ids.length) return { list: [], total };
  const found = new Map((await baseQuery(db).where(inArray(workOrders.id, ids))).map((r) => [r.id, r]));
  const list = ids.flatMap((id) => {
    const r = found.get(id);
    return r ? [presentOrder(r, scope.locale)] : [];
  });
  return { list, total };
}

export async function myOrders(
  db: Db,
  scope: OrderScope,
  f: Filters & { page: number; limit: number; action: 'unfinish' | 'finished' },
) {
  const where = filterConditions(scope, { ...f, status: undefined });
  where.push(await mineCondition(db, scope));
  where.push(eq(workOrders.status, f.action === 'finished' ? WorkOrderStatus.completed : WorkOrderStatus.unfinished));
  return pageOrders(db, scope, where, f.page, f.limit, f.action === 'finished' ? 'desc' : 'asc');
}

/** Orders I executed (doList). */
export async function doneByMe(db: Db, scope: OrderScope, f: Filters & { page: number; limit: number }) {
  const where = filterConditions(scope, f);
  where.push(eq(workOrders.executorId, scope.userId));
  return pageOrders(db, scope, where, f.page, f.limit, 'desc');
}

/** Today's counts of my orders (home cards and the workbench). */
export async function myTodayCount(db: Db, scope: OrderScope, status: WorkOrderStatusCode) {
  const [row] = await db
    .select({ n: count() })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.organizationId, scope.organizationId),
        eq(workOrders.treatDate, clinicToday()),
        eq(workOrders.status, status),
        await mineCondition(db, scope),
      ),
    );
  return Number(row?.n ?? 0);
}

/** One order of the organization, or 404. */
export async function orderView(db: Db, scope: OrderScope, id: number) {
  const [row] = await baseQuery(db)
    .where(and(eq(workOrders.id, id), eq(workOrders.organizationId, scope.organizationId)))
    .limit(1);
  if (!row) throw notFound();
  return presentOrder(row, scope.locale);
}

export async function orderDetail(db: Db, scope: OrderScope, id: number) {
  const order = await orderView(db, scope, id);
  const actor = userNameRows('wo_actor');
  const history = await db
    .select({
      id: workOrderHistory.id,
      action: workOrderHistory.action,
      fromStatus: workOrderHistory.fromStatus,
      toStatus: workOrderHistory.toStatus,
      reason: workOrderHistory.reason,
      fileId: workOrderHistory.fileId,
      actorId: workOrderHistory.actorId,
      actorName: actor.name,
      at: workOrderHistory.at,
    })
    .from(workOrderHistory)
    .leftJoin(actor, eq(actor.id, workOrderHistory.actorId))
    .where(eq(workOrderHistory.workOrderId, id))
    .orderBy(asc(workOrderHistory.at), asc(workOrderHistory.id));
  const creator = userNameRows('wo_creator');
  const files = await db
    .select({
      id: workOrderFiles.id,
      kind: workOrderFiles.kind,
      mime: workOrderFiles.mime,
      size: workOrderFiles.size,
      withdrawnAt: workOrderFiles.withdrawnAt,
      createdAt: workOrderFiles.createdAt,
      createdByName: creator.name,
    })
    .from(workOrderFiles)
    .leftJoin(creator, eq(creator.id, workOrderFiles.createdBy))
    .where(eq(workOrderFiles.workOrderId, id))
    .orderBy(asc(workOrderFiles.id));
  return {
    ...order,
    history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
    files: files.map((f) => ({
      ...f,
      createdAt: f.createdAt.toISOString(),
      withdrawnAt: f.withdrawnAt?.toISOString() ?? null,
    })),
  };
}

export async function orderFile(db: Db, scope: OrderScope, id: number) {
  const [row] = await db
    .select()
    .from(workOrderFiles)
    .where(and(eq(workOrderFiles.id, id), eq(workOrderFiles.organizationId, scope.organizationId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// State changes: every action through the shared transition function, in one transaction with a history row

const refusal = (key: string) =>
  new AppError(
    (WORK_ORDER_INPUT_REFUSALS as readonly string[]).includes(key) ? ResultCode.badRequest : ResultCode.conflict,
    key,
  );

/** The orders of `ids` in the organization, locked for update in id order; 404 unless every one is there. */
export async function lockOrders(tx: Tx, scope: OrderScope, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.organizationId, scope.organizationId), inArray(workOrders.id, unique)))
    .orderBy(asc(workOrders.id))
    .for('update');
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

const stateOf = (o: typeof workOrders.$inferSelect): WorkOrderState => ({
  status: o.status as WorkOrderStatusCode,
  signed: o.signed,
  photographed: o.photographed,
  authorizedTherapistId: o.authorizedTherapistId,
  authorizedTeamId: o.authorizedTeamId,
  authorizerId: o.authorizerId,
});

async function checkAuthorization(tx: Tx, scope: OrderScope, teamId?: number, therapistId?: number) {
  if (!teamId || !therapistId) return; // the transition function refuses with the required-fields key
  if (!(await isActiveTeam(tx, scope.organizationId, teamId)))
    throw new AppError(ResultCode.badRequest, 'workOrder.groupUnknown', {}, { field: 'therapyGroupId' });
  const [m] = await membershipsOf(tx, therapistId, [teamId]);
  if (!m)
    throw new AppError(ResultCode.badRequest, 'workOrder.therapistNotInGroup', {}, { field: 'authorizedTherapistId' });
}

/** handleState: one action on one order or, in BATCH mode, on several (all or none). */
export async function handleState(app: AppContext, scope: OrderScope, input: HandleState) {
  const ids = input.mode === 'BATCH' ? input.ids! : [input.id!];
  const command = {
    action: input.action,
    reason: input.reason ?? null,
    therapyGroupId: input.therapyGroupId ?? null,
    authorizedTherapistId: input.authorizedTherapistId ?? null,
    authorizerId: scope.userId,
  } as WorkOrderCommand;
  const authorizedOrders: { id: number; patientId: number; projectId: number; treatDate: string }[] = [];
  await runUnitOfWork(app, async ({ tx, now, emit }) => {
    const rows = await lockOrders(tx, scope, ids);
    if (input.action === 'authorize')
      await checkAuthorization(tx, scope, input.therapyGroupId, input.authorizedTherapistId);
    for (const o of rows) {
      const result = transitionWorkOrder(stateOf(o), command);
      if (!result.ok) throw refusal(result.key);
      const next = result.state;
      const set: Partial<typeof workOrders.$inferInsert> = {
        status: next.status,
        signed: next.signed,
        photographed: next.photographed,
        authorizedTherapistId: next.authorizedTherapistId,
        authorizedTeamId: next.authorizedTeamId,
        authorizerId: next.authorizerId,
        updatedAt: now,
        updatedBy: scope.userId,
      };
      if (input.action === 'execute') {
        set.executorId = scope.userId;
        set.completedAt = now;
        await countTreatment(tx, o.projectId, 1);
      }
      if (input.action === 'withdraw') {
        set.executorId = null;
        set.completedAt = null;
        await countTreatment(tx, o.projectId, -1);
        // the signature and photos stay, marked as belonging to the withdrawn execution
        await tx
          .update(workOrderFiles)
          .set({ withdrawnAt: now })
          .where(and(eq(workOrderFiles.workOrderId, o.id), isNull(workOrderFiles.withdrawnAt)));
      }
      if (input.action === 'invalidate') set.invalidReason = result.reason ?? null;
      await tx.update(workOrders).set(set).where(eq(workOrders.id, o.id));
      await tx.insert(workOrderHistory).values({
        organizationId: scope.organizationId,
        workOrderId: o.id,
        action: input.action,
        fromStatus: result.from,
        toStatus: result.to,
        reason: result.reason ?? null,
        actorId: scope.userId,
        at: now,
      });
      if (input.action === 'authorize') authorizedOrders.push(o);
    }
    if (input.action === 'withdraw')
      await emit('workOrders.executionWithdrawn', { scope, workOrderIds: rows.map((o) => o.id) });
  });
  // the board and the schedule views show the orders' states and therapists
  app.live.scheduleChanged(scope.organizationId);
  if (authorizedOrders.length && input.authorizedTherapistId && input.authorizedTherapistId !== scope.userId) {
    await notifyAuthorized(app, scope, input.authorizedTherapistId, authorizedOrders);
  }
  return { count: ids.length };
}

async function notifyAuthorized(
  app: AppContext,
  scope: OrderScope,
  therapistId: number,
  orders: { id: number; patientId: number; projectId: number; treatDate: string }[],
) {
  const me = (await userNames(app.db, [scope.userId])).get(scope.userId);
  const patient = patientNameRows('pat_patient');
  const project = projectRows('pat_treatment_project');
  for (const o of orders.slice(0, 20)) {
    const [info] = await app.db
      .select({ patient: patient.name, project: project.name })
      .from(patient)
      .innerJoin(project, eq(project.id, o.projectId))
      .where(eq(patient.id, o.patientId));
    await sendSystemMessage(app, {
      organizationId: scope.organizationId,
      userIds: [therapistId],
      category: 'execute',
      title: { key: 'workOrder.authorizedTitle' },
      content: {
        key: 'workOrder.authorizedContent',
        params: {
          authorizer: me ?? '',
          patient: info?.patient ?? '',
          project: info?.project ?? '',
          date: o.treatDate,
        },
      },
      link: `/order/detail/${o.id}`,
    });
  }
}

/**
 * What a patient's signature of a work order covers: the order as executed and the SHA-256 of the pad image (the
 * signing service hashes this snapshot; a later change of the order shows the signature as modified).
 */
export function patientSignatureSnapshot(o: typeof workOrders.$inferSelect, image: Buffer) {
  return {
    workOrderId: o.id,
    patientId: o.patientId,
    treatmentId: o.treatmentId,
    projectId: o.projectId,
    treatDate: o.treatDate,
    seq: o.seq,
    status: o.status,
    signed: o.signed,
    executorId: o.executorId,
    completedAt: o.completedAt,
    image: sha256Hex(image),
  };
}

/** uploadReferralConfirmation: the patient's signature (PNG) or a photo (JPG/PNG) on one patient's orders. */
export async function uploadConfirmation(
  app: AppContext,
  scope: OrderScope,
  req: FastifyRequest,
  ids: number[],
  kind: 1 | 2,
) {
  const { data } = await readOneFile(req, {
    maxBytes: WORK_ORDER_PHOTO_MAX_BYTES,
    missing: () => new AppError(ResultCode.badRequest, 'workOrder.fileMissing', {}, { field: 'file' }),
    tooLarge: () => new AppError(413, 'workOrder.fileTooLarge', {}, { field: 'file' }),
  });
  const type = await fileTypeFromBuffer(data);
  const allowed: readonly string[] =
    kind === WorkOrderFileKind.signature ? WORK_ORDER_SIGNATURE_MIME_TYPES : WORK_ORDER_PHOTO_MIME_TYPES;
  if (!type || !allowed.includes(type.mime)) {
    throw new AppError(
      ResultCode.badRequest,
      kind === WorkOrderFileKind.signature ? 'workOrder.signatureType' : 'workOrder.fileType',
      {},
      { field: 'file' },
    );
  }
  const action = kind === WorkOrderFileKind.signature ? 'sign' : 'photograph';
  const fileIds: number[] = [];
  await app.db.transaction(async (tx) => {
    const rows = await lockOrders(tx, scope, ids);
    if (new Set(rows.map((r) => r.patientId)).size > 1)
      throw new AppError(ResultCode.badRequest, 'workOrder.onePatientOnly', {}, { field: 'ids' });
    const now = clockNow();
    const [{ name: patientName } = { name: null }] = rows.length
      ? await tx
          .select({ name: cardPatient.name })
          .from(cardPatient)
          .where(eq(cardPatient.id, rows[0]!.patientId))
          .limit(1)
      : [];
    for (const o of rows) {
      const result = transitionWorkOrder(stateOf(o), { action });
      if (!result.ok) throw refusal(result.key);
      const [file] = await tx
        .insert(workOrderFiles)
        .values({
          organizationId: scope.organizationId,
          workOrderId: o.id,
          kind,
          mime: type.mime,
          size: data.length,
          data,
          createdBy: scope.userId,
          createdAt: now,
        })
        .returning({ id: workOrderFiles.id });
      fileIds.push(file!.id);
      await tx
        .update(workOrders)
        .set({ signed: result.state.signed, photographed: result.state.photographed, updatedAt: now })
        .where(eq(workOrders.id, o.id));
      // the patient's handwriting also goes through the one signing service (issue 19): hash of what was signed
      if (kind === WorkOrderFileKind.signature) {
        const signedOrder = { ...o, signed: result.state.signed };
        await signRecord(tx, {
          organizationId: scope.organizationId,
          kind: 'workOrderPatient',
          recordId: o.id,
          label: `#${o.id} ${o.treatDate}`,
          patientId: o.patientId,
          patientName: patientName ?? null,
          signerId: scope.userId,
          snapshot: patientSignatureSnapshot(signedOrder, data),
          method: 'pad',
          padImage: data,
          padMime: type.mime,
          now,
        });
      }
      await tx.insert(workOrderHistory).values({
        organizationId: scope.organizationId,
        workOrderId: o.id,
        action,
        fromStatus: result.from,
        toStatus: result.to,
        fileId: file!.id,
        actorId: scope.userId,
        at: now,
      });
    }
  });
  return { fileIds };
}

export async function updateRemark(db: Db, scope: OrderScope, id: number, remark: string) {
  await db.transaction(async (tx) => {
    const [o] = await lockOrders(tx, scope, [id]);
    await tx
      .update(workOrders)
      .set({ remark: remark || null, updatedAt: clockNow(), updatedBy: scope.userId })
      .where(eq(workOrders.id, id));
    await tx.insert(workOrderHistory).values({
      organizationId: scope.organizationId,
      workOrderId: id,
      action: 'remark',
      fromStatus: o!.status,
      toStatus: o!.status,
      reason: remark.slice(0, 100) || null,
      actorId: scope.userId,
    });
  });
}

/** Patient check-in for today's unfinished orders (all or none). */
export async function checkIn(db: Db, scope: OrderScope, ids: number[]) {
  const today = clinicToday();
  await db.transaction(async (tx) => {
    const rows = await lockOrders(tx, scope, ids);
    if (rows.some((r) => r.treatDate !== today || r.status !== WorkOrderStatus.unfinished))
      throw new AppError(ResultCode.conflict, 'workOrder.checkInNotToday');
    if (rows.some((r) => r.checkedInAt !== null)) throw new AppError(ResultCode.conflict, 'workOrder.alreadyCheckedIn');
    const now = clockNow();
    await tx
      .update(workOrders)
      .set({ checkedInAt: now, updatedAt: now, updatedBy: scope.userId })
      .where(
        inArray(
          workOrders.id,
          rows.map((r) => r.id),
        ),
      );
    await tx.insert(workOrderHistory).values(
      rows.map((r) => ({
        organizationId: scope.organizationId,
        workOrderId: r.id,
        action: 'checkIn',
        fromStatus: r.status,
        toStatus: r.status,
        actorId: scope.userId,
        at: now,
      })),
    );
  });
}

/** Today's orders (not invalidated): the whole organization, a doctor's patients, or mine. */
export async function todayList(
  db: Db,
  scope: OrderScope,
  who: 'master' | 'doctor' | 'therapist',
  q: { page: number; limit: number; keyword?: string; checkedIn?: 0 | 1 },
) {
  const where = filterConditions(scope, { keyword: q.keyword });
  const today = clinicToday();
  where.push(eq(workOrders.treatDate, today));
  where.push(inArray(workOrders.status, [WorkOrderStatus.unfinished, WorkOrderStatus.completed]));
  if (q.checkedIn === 1) where.push(isNotNull(workOrders.checkedInAt));
  if (q.checkedIn === 0) where.push(isNull(workOrders.checkedInAt));
  if (who === 'doctor') where.push(eq(cardCourse.doctorId, scope.userId));
  if (who === 'therapist') where.push(await mineCondition(db, scope));
  return pageOrders(db, scope, where, q.page, q.limit, 'asc');
}

// ---------------------------------------------------------------------------------------------------------------
// Select lists

/** Patients having orders in a status (incomplete, complete, overdue, cancelled lists). */
export async function patientsWithStatus(db: Db, scope: OrderScope, status: WorkOrderStatusCode) {
  return db
    .selectDistinct({ id: cardPatient.id, name: cardPatient.name })
    .from(workOrders)
    .innerJoin(cardPatient, eq(cardPatient.id, workOrders.patientId))
    .where(and(eq(workOrders.organizationId, scope.organizationId), eq(workOrders.status, status)))
    .orderBy(asc(cardPatient.name), asc(cardPatient.id))
    .limit(999);
}

/** Projects having orders in a status (optionally of one patient), or every project with orders. */
export async function projectsWithOrders(
  db: Db,
  scope: OrderScope,
  opts: { status?: WorkOrderStatusCode; patientId?: number },
) {
  return db
    .selectDistinct({ id: cardProject.id, name: cardProject.name, patientId: workOrders.patientId })
    .from(workOrders)
    .innerJoin(cardProject, eq(cardProject.id, workOrders.projectId))
    .where(
      and(
        eq(workOrders.organizationId, scope.organizationId),
        opts.status ? eq(workOrders.status, opts.status) : undefined,
        opts.patientId ? eq(workOrders.patientId, opts.patientId) : undefined,
      ),
    )
    .orderBy(asc(cardProject.name), asc(cardProject.id))
    .limit(999);
}

/** The organization's therapist groups in use with their members, for the authorize dialog. */
export function teamsWithTherapists(db: Db, scope: OrderScope) {
  return teamsWithEnabledMembers(db, scope.organizationId, scope.locale);
}

// ---------------------------------------------------------------------------------------------------------------
// Excel export (a file download in the caller's language)

/** The columns of an exported list of work orders (a patient's, the incomplete ones, "my orders"). */
export function orderExportColumns(locale: Locale): XlsxColumn<OrderView>[] {
  const t = (key: string) => translate(locale, `workOrder.${key}`);
  return [
    { header: t('colDate'), value: (r) => r.treatDate },
    { header: t('colPatient'), value: (r) => r.patientName },
    { header: t('colProject'), value: (r) => r.projectName },
    { header: t('colOffice'), value: (r) => r.execOfficeName },
    {
      header: t('colTherapist'),
      value: (r) => r.authorizedTherapistName ?? r.therapistName ?? r.treatmentTeamName ?? '',
    },
    { header: t('colStatus'), value: (r) => t(`status${r.status}`) },
    { header: t('colExecutor'), value: (r) => r.executorName ?? '' },
    { header: t('colCompletedAt'), value: (r) => xlsxTime(r.completedAt) },
    { header: t('colSigned'), value: (r) => (r.signed ? t('yes') : t('no')) },
    { header: t('colRemark'), value: (r) => r.remark ?? '' },
    { header: t('colReason'), value: (r) => r.invalidReason ?? '' },
  ];
}

export async function ordersWorkbook(rows: OrderView[], locale: Locale) {
  return xlsxOf(translate(locale, 'workOrder.exportTitle'), orderExportColumns(locale), rows);
}

import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  DONE_CARD_STATUSES,
  RoleId,
  SelectorType,
  clockToMinutes,
  recommendSchedule,
  type Locale,
  type ScheduleCard,
  type ScheduleViewFilter,
  type UnplacedReason,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { cacheOf, dataVersionOf } from '../../db/data-version';
import { okEnvelopeBytes } from '../../http/json-bytes';
import { clinicToday } from '../../kernel/clock';
import { enabledEquipmentOptions, equipmentNameRows } from '../master-data';
import { userNameRows } from '../users';
import { conflict } from '../../http/errors';
import { patientNameRows, patientOfOrganization, projectRows } from '../patients';
import { localTeamName, teamNameRows } from '../teams';
import { cardColumns as card, workOrderCards, workOrderRows } from '../work-orders';
import { staffWithRoles } from '../roles';
import { schedules } from './scheduling.tables';
import {
  EXPIRED,
  TREATING_ROLES,
  UNFINISHED,
  asBooking,
  bookingsOn,
  halfDaysOn,
  leavesOn,
  namesOf,
  slotsOf,
  statusesOn,
  todayOf,
  type Scope,
  type Wanted,
} from './scheduling.service';
import { insertBookings } from './scheduling-bookings.service';
import { localName } from '../../kernel/local-name';

// ---- reading -------------------------------------------------------------------------------------------------------

// the owners' rows the board joins (each plans as a join on the owner's table itself)
const therapist = userNameRows('therapist');
const equipment = equipmentNameRows('equipment');
const team = teamNameRows('team');

const cardColumns = {
  id: card.id,
  scheduleId: schedules.id,
  slotId: schedules.slotId,
  startTime: schedules.startTime,
  endTime: schedules.endTime,
  patientId: card.patientId,
  patientName: card.patientName,
  patientSex: card.patientSex,
  bedNumber: card.bedNo,
  projectId: card.projectId,
  projectName: card.projectName,
  equipmentId: schedules.equipmentId,
  equipmentName: equipment.name,
  equipmentNameEn: equipment.nameEn,
  therapistId: schedules.therapistId,
  therapistName: therapist.name,
  treatmentTeamName: team.name,
  treatmentTeamNameEn: team.nameEn,
  status: card.status,
};

type CardRow = {
  id: number;
  scheduleId: number;
  slotId: number | null;
  startTime: string;
  endTime: string;
  patientId: number;
  patientName: string;
  patientSex: number;
  bedNumber: string | null;
  projectId: number;
  projectName: string;
  equipmentId: number | null;
  equipmentName: string | null;
  equipmentNameEn: string | null;
  therapistId: number;
  therapistName: string;
  treatmentTeamName: string | null;
  treatmentTeamNameEn: string | null;
  status: number;
};

async function scheduledCards(db: TxOrDb, organizationId: number, date: string, where: SQL[] = []): Promise<CardRow[]> {
  return (await workOrderCards(db, cardColumns)
    .innerJoin(schedules, eq(schedules.workOrderId, card.id))
    .innerJoin(therapist, eq(therapist.id, schedules.therapistId))
    .leftJoin(equipment, eq(equipment.id, schedules.equipmentId))
    .leftJoin(team, eq(team.id, sql`coalesce(${card.authorizedTeamId}, ${card.teamId})`))
    .where(and(eq(schedules.organizationId, organizationId), eq(schedules.treatDate, date), ...where))
    .orderBy(asc(schedules.startTime), asc(card.patientName), asc(card.id))) as CardRow[];
}

const toCard = (r: CardRow, locale: Locale, withTeam = true): ScheduleCard => ({
  id: r.id,
  scheduleId: r.scheduleId,
  patientId: r.patientId,
  patientName: r.patientName,
  bedNumber: r.bedNumber,
  sex: r.patientSex === 1 ? 0 : 1,
  projectId: r.projectId,
  projectName: r.projectName,
  equipmentId: r.equipmentId,
  // the equipment in the reader's language (its Chinese name where it has no English one)
  equipmentName: localName(locale, r.equipmentName, r.equipmentNameEn),
  therapistId: r.therapistId,
  therapistName: r.therapistName,
  treatmentTeamName:
    withTeam && r.treatmentTeamName !== null ? localTeamName(locale, r.treatmentTeamName, r.treatmentTeamNameEn) : null,
  status: r.status,
});

/** Unfinished work orders of a day with no booking, in the order the recommendation takes them. */
async function openOrders(db: TxOrDb, organizationId: number, date: string, where: SQL[] = []) {
  const therapist = sql<number | null>`coalesce(${card.authorizedTherapistId}, ${card.therapistId})`;
  return workOrderCards(db, {
    workOrderId: card.id,
    patientId: card.patientId,
    patientName: card.patientName,
    patientSex: card.patientSex,
    bedNumber: card.bedNo,
    projectId: card.projectId,
    projectName: card.projectName,
    therapistId: therapist,
    equipmentId: card.equipmentId,
    equipmentName: equipment.name,
  })
    .leftJoin(equipment, eq(equipment.id, card.equipmentId))
    .leftJoin(schedules, eq(schedules.workOrderId, card.id))
    .where(
      and(
        eq(card.organizationId, organizationId),
        eq(card.treatDate, date),
        eq(card.status, UNFINISHED),
        isNull(schedules.id),
        ...where,
      ),
    )
    .orderBy(asc(card.patientId), asc(card.id));
}

async function therapistsOf(db: TxOrDb, organizationId: number) {
  return staffWithRoles(db, organizationId, [RoleId.therapist], { order: 'name-id' });
}

/**
 * getTodayAllScheduling: a day's scheduling board. The slots with their status, the therapists (columns; those on
 * leave are marked, with their substitute), the bookings, the unfinished orders not yet booked, and whether the day
 * is sufficient (nothing left unscheduled).
 */
export async function dayScheduling(app: AppContext, scope: Scope, date: string) {
  const db = app.db;
  const [slots, cards, open, staff, leaves] = await Promise.all([
    slotsOf(db, scope.organizationId),
    scheduledCards(db, scope.organizationId, date),
    openOrders(db, scope.organizationId, date),
    therapistsOf(db, scope.organizationId),
    leavesOn(db, scope.organizationId, date),
  ]);
  const statuses = statusesOn(app, date, slots);
  const names = await namesOf(db, [
    ...leaves.flatMap((l) => [l.therapistId, l.substituteId ?? 0]),
    ...open.flatMap((o) => (o.therapistId ? [o.therapistId] : [])),
  ]);
  const therapists = new Map(staff.map((s) => [s.id, s.name]));
  for (const c of cards) if (!therapists.has(c.therapistId)) therapists.set(c.therapistId, c.therapistName);
  return {
    date,
    today: todayOf(app),
    slots: slots.map((s, i) => ({ ...s, status: statuses[i] })),
    therapists: [...therapists].map(([id, name]) => {
      const leave = leaves.find((l) => l.therapistId === id);
      return {
        therapistId: id,
        therapistName: name,
        onLeave: Boolean(leave),
        leaveReason: leave?.reason ?? null,
        substituteId: leave?.substituteId ?? null,
        substituteName: leave?.substituteId ? (names.get(leave.substituteId) ?? null) : null,
      };
    }),
    list: cards.map((c) => ({
      ...toCard(c, scope.locale),
      slotId: c.slotId,
      startTime: c.startTime,
      endTime: c.endTime,
    })),
    unscheduled: open.map((o) => ({
      ...o,
      sex: o.patientSex === 1 ? 0 : 1,
      therapistName: o.therapistId ? (names.get(o.therapistId) ?? null) : null,
    })),
    unscheduledCount: open.length,
    sufficient: open.length === 0,
  };
}

const REASONS: UnplacedReason[] = ['noTherapist', 'onLeave', 'noFreeSlot'];

/**
 * The recommendation of a day (getTodayAllSchedulingRecommend): the shared `recommendSchedule` over the slots not
 * yet over, the bookings, the leaves and the open orders (optionally only some), with names for the screen.
 * Nothing is written.
 */
export async function recommendDay(app: AppContext, scope: Scope, date: string, where: SQL[] = []) {
  const db = app.db;
  if (date < todayOf(app)) throw conflict('scheduling.pastDay');
  const [slots, booked, open, leaves, halfDays] = await Promise.all([
    slotsOf(db, scope.organizationId),
    bookingsOn(db, scope.organizationId, [date]),
    openOrders(db, scope.organizationId, date, where),
    leavesOn(db, scope.organizationId, date),
    halfDaysOn(db, scope.organizationId, date),
  ]);
  const statuses = statusesOn(app, date, slots);
  const usable = slots.filter((_, i) => statuses[i] !== 'done');
  const byKey = new Map(usable.map((s) => [clockToMinutes(s.startTime), s]));
  const result = recommendSchedule({
    halfDays,
    slotIds: usable.map((s) => clockToMinutes(s.startTime)),
    orders: open.map((o) => ({
      workOrderId: o.workOrderId,
      patientId: o.patientId,
      therapistId: o.therapistId,
      equipmentId: o.equipmentId,
    })),
    booked: booked.map(asBooking),
    leaves: leaves.map((l) => ({ therapistId: l.therapistId, substituteId: l.substituteId })),
  });
  const names = await namesOf(
    db,
    result.placed.map((p) => p.therapistId),
  );
  const orderOf = new Map(open.map((o) => [o.workOrderId, o]));
  return {
    date,
    list: result.placed.map((p) => {
      const o = orderOf.get(p.workOrderId)!;
      const slot = byKey.get(p.slotId)!;
      return {
        workOrderId: p.workOrderId,
        slotId: slot.id,
        startTime: slot.startTime,
        endTime: slot.endTime,
        therapistId: p.therapistId,
        therapistName: names.get(p.therapistId) ?? '',
        equipmentId: p.equipmentId,
        equipmentName: o.equipmentName,
        patientId: o.patientId,
        patientName: o.patientName,
        projectName: o.projectName,
      };
    }),
    unplaced: result.unplaced.map((u) => {
      const o = orderOf.get(u.workOrderId)!;
      return {
        workOrderId: u.workOrderId,
        reason: REASONS.includes(u.reason) ? u.reason : 'noFreeSlot',
        patientName: o.patientName,
        projectName: o.projectName,
      };
    }),
    sufficient: result.unplaced.length === 0,
  };
}

/**
 * Saves the recommendation of a day (all patients, or one): what the recommendation places is booked in one
 * transaction; a race with another save answers 409 and writes nothing.
 */
export async function applyRecommendation(
  app: AppContext,
  scope: Scope,
  date: string,
  patientId?: number,
  extra: SQL[] = [],
) {
  const where = [...extra, ...(patientId ? [eq(card.patientId, patientId)] : [])];
  // 404 when the patient is not the organization's
  if (patientId) await patientOfOrganization(app.db, scope.organizationId, patientId);
  const proposal = await recommendDay(app, scope, date, where);
  if (proposal.list.length === 0) return { booked: 0, unplaced: proposal.unplaced.length };
  const slots = await slotsOf(app.db, scope.organizationId);
  const byId = new Map(slots.map((s) => [s.id, s]));
  const wanted: Wanted[] = proposal.list.map((p) => ({
    workOrderId: p.workOrderId,
    treatDate: date,
    slot: byId.get(p.slotId)!,
    therapistId: p.therapistId,
    equipmentId: p.equipmentId,
    patientId: p.patientId,
  }));
  await insertBookings(app, scope, wanted);
  return { booked: wanted.length, unplaced: proposal.unplaced.length };
}

// the pickers' rows: the day's work orders with their projects and patients
const dayOrder = workOrderRows('wo');
const project = projectRows('project');
const patient = patientNameRows('patient');

/** getSchedulingSelector: option lists by type (1 projects, 2 patients of the day; 3 equipment, 4 therapists). */
export async function selectorOptions(app: AppContext, scope: Scope, type: number, date: string) {
  const db = app.db;
  if (type === SelectorType.equipment) {
    const rows = await enabledEquipmentOptions(db, scope.organizationId, scope.locale);
    return { list: rows.map((r) => ({ equipmentId: r.id, equipmentName: r.name })) };
  }
  if (type === SelectorType.therapist) {
    const rows = await staffWithRoles(db, scope.organizationId, TREATING_ROLES, { order: 'name' });
    return { list: rows.map((r) => ({ therapistId: r.id, therapistName: r.name })) };
  }
  const dayOrders = and(
    eq(dayOrder.organizationId, scope.organizationId),
    eq(dayOrder.treatDate, date),
    ne(dayOrder.status, 2),
  );
  if (type === SelectorType.project) {
    const rows = await db
      .selectDistinct({ id: project.id, name: project.name })
      .from(dayOrder)
      .innerJoin(project, eq(project.id, dayOrder.projectId))
      .where(dayOrders)
      .orderBy(asc(project.name));
    return { list: rows.map((r) => ({ projectId: r.id, projectName: r.name })) };
  }
  const rows = await db
    .selectDistinct({ id: patient.id, name: patient.name })
    .from(dayOrder)
    .innerJoin(patient, eq(patient.id, dayOrder.patientId))
    .where(dayOrders)
    .orderBy(asc(patient.name));
  return { list: rows.map((r) => ({ patientId: r.id, patientName: r.name })) };
}

/**
 * The schedule view's list (project mode and master mode): one entry per slot of the day with its status today and
 * the cards of the booked work orders that match the filter model of spec section 3. Only booked orders are listed.
 * Project mode filters by patient and project; master mode by patient, equipment and therapist (both accept all).
 *
 * Answered as JSON text in the API envelope (`{ code, msg, data: { date, list } }`): the day's cards are kept as JSON per organization, data version, day, mode and filter (an answer of
 * 600 cards is about 150 KB; computing it costs about 20 ms of CPU, serializing it alone 1-2 ms), and only the
 * slots' statuses, which move with the clock, are worked out per request; the body's bytes are reused while they
 * stay the same (a cached answer costs about 0.5 ms of CPU instead of 4 ms to rewrite and encode 170 KB).
 */
export async function scheduleViewJson(
  app: AppContext,
  scope: Scope,
  f: ScheduleViewFilter,
  mode: 'project' | 'master',
  msg: string,
): Promise<Buffer> {
  const date = f.date ?? todayOf(app);
  const answer = await scheduleViewEntries(app, scope, f, mode, date);
  const st = statusesOn(app, date, answer.entries);
  // the whole body changes only when a slot's status does (a few times a day) or the language's message
  const bodyKey = `${msg}|${st.join(',')}`;
  if (answer.body?.key === bodyKey) return answer.body.bytes;
  const parts = answer.entries.map(
    (e, i) =>
      `{"id":${e.id},"status":${JSON.stringify(st[i])},"timeQuantum":${JSON.stringify(`${e.startTime}-${e.endTime}`)},"referral":${e.cardsJson}}`,
  );
  const bytes = okEnvelopeBytes(msg, `{"date":${JSON.stringify(date)},"list":[${parts.join(',')}]}`);
  answer.body = { key: bodyKey, bytes };
  return bytes;
}

type ViewEntry = { id: number; startTime: string; endTime: string; cardsJson: string };
/** A kept answer: its slots' cards as JSON, and the last whole body written from them (with its statuses). */
type ViewAnswer = { entries: ViewEntry[]; body?: { key: string; bytes: Buffer } };

const VIEW_CACHE = { entries: 200, chars: 40_000_000 };

/** The slots of a day with their cards (ordered for the mode), kept per organization and data version. */
async function scheduleViewEntries(
  app: AppContext,
  scope: Scope,
  f: ScheduleViewFilter,
  mode: 'project' | 'master',
  date: string,
): Promise<ViewAnswer> {
  const version = await dataVersionOf(app.db, scope.organizationId);
  const key = `${scope.organizationId}|${version}|${mode}|${date}|${scope.locale}|${JSON.stringify({ ...f, date })}`;
  const cache = cacheOf<ViewAnswer>(app.db, 'schedule-view', VIEW_CACHE.entries, VIEW_CACHE.chars);
  return cache.through(
    key,
    () => computeViewEntries(app, scope, f, mode, date),
    // the cards' JSON and, once answered, the body's bytes (about three times the JSON's length in all)
    (answer) => key.length + 3 * answer.entries.reduce((n, e) => n + e.cardsJson.length, 0),
  );
}

async function computeViewEntries(
  app: AppContext,
  scope: Scope,
  f: ScheduleViewFilter,
  mode: 'project' | 'master',
  date: string,
): Promise<ViewAnswer> {
  const where: SQL[] = [];
  if (f.patientId) where.push(eq(card.patientId, f.patientId));
  if (f.projectId) where.push(eq(card.projectId, f.projectId));
  if (f.projectName)
    where.push(sql`${card.projectName} ilike ${'%' + f.projectName.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`);
  if (f.equipmentId) where.push(eq(schedules.equipmentId, f.equipmentId));
  if (f.therapistId) where.push(eq(schedules.therapistId, f.therapistId));
  // 0 not executed, 1 executed, 2 all; expired orders only when asked for (invalidated ones never)
  const statuses =
    f.executeStatus === 0
      ? [UNFINISHED]
      : f.executeStatus === 1
        ? [...DONE_CARD_STATUSES]
        : [UNFINISHED, ...DONE_CARD_STATUSES];
  if (f.expired) statuses.push(EXPIRED);
  where.push(inArray(card.status, statuses));
  const [slots, cards] = await Promise.all([
    slotsOf(app.db, scope.organizationId),
    scheduledCards(app.db, scope.organizationId, date, where),
  ]);
  const withTeam = f.therapistTeamFilter === 1;
  // a booking whose slot was removed since keeps its own clock times as a slot of its own
  const byStart = new Map<string, { id: number; startTime: string; endTime: string; cards: ScheduleCard[] }>();
  for (const s of slots) byStart.set(s.startTime, { id: s.id, startTime: s.startTime, endTime: s.endTime, cards: [] });
  for (const c of cards) {
    let e = byStart.get(c.startTime);
    if (!e) {
      e = { id: -c.scheduleId, startTime: c.startTime, endTime: c.endTime, cards: [] };
      byStart.set(c.startTime, e);
    }
    e.cards.push(toCard(c, scope.locale, withTeam));
  }
  const ordered = [...byStart.values()].sort((a, b) => a.startTime.localeCompare(b.startTime));
  if (mode === 'master') {
    for (const e of ordered) {
      e.cards.sort(
        (a, b) =>
          (a.equipmentName ?? '\uffff').localeCompare(b.equipmentName ?? '\uffff') ||
          a.therapistName.localeCompare(b.therapistName) ||
          a.id - b.id,
      );
    }
  }
  const entries = ordered.map(({ cards: list, ...e }) => ({ ...e, cardsJson: JSON.stringify(list) }));
  return { entries };
}

/**
 * The home counter "unplanned patients" (`nonprogrammable`, spec section 3): the patients of the organization who have
 * unfinished work orders today that no booking places in a time slot (what the board lists as unscheduled, the day
 * being "insufficient"), each patient once.
 */
export async function unplannedPatientCount(db: TxOrDb, organizationId: number): Promise<number> {
  // counted in the database: every home page asks, and a busy day has thousands of open orders (issue 23)
  const [row] = await workOrderCards(db, { n: sql<number>`count(distinct ${card.patientId})::int` })
    .leftJoin(schedules, eq(schedules.workOrderId, card.id))
    .where(
      and(
        eq(card.organizationId, organizationId),
        eq(card.treatDate, clinicToday()),
        eq(card.status, UNFINISHED),
        isNull(schedules.id),
      ),
    );
  return Number(row?.n ?? 0);
}

import {
  comparedRanges,
  daysOfRange,
  resolveRange,
  type Locale,
  type CostQuery,
  type CostStatistics,
  type EquipmentStatistics,
  type OfficeStatistics,
  type OperationalData,
  type OperationalFigures,
  type OperationalFilter,
  type ProjectStatistics,
  type StatisticsFilter,
  type StatisticsWorkOrdersQuery,
  type TherapistStatistics,
  type Turnover,
  type TurnoverDetailQuery,
  type TurnoverFilter,
  type WorkFigures,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import { clinicTimeZone, clinicToday } from '../../kernel/clock';
import {
  countedWorkOrders,
  newPatientsByOffice,
  waitingToFirstSession,
  workFigures,
  type WorkFigureRow,
  type WorkStatisticsFilter,
} from '../work-orders';
import { costByCourse, noMoney, revenueByProject, settlementsInRange, turnoverFacts } from '../billing';
import { courseFacts, patientNames, projectTemplatesOf, registrationsByDay, registrationsByOffice } from '../patients';
import { userNames } from '../users';
import { rowNames } from '../master-data';
import { officesOfOrganization } from '../offices';

/** The statistics scope: the session's organization (never another's) and the reader's language. */
export type StatisticsScope = { organizationId: number; locale: Locale };

/** The range of a filter on the clinic's calendar (the clinic's today when the filter names no day). */
export function rangeOf(f: { range: StatisticsFilter['range']; date?: string; startDate?: string; endDate?: string }) {
  return resolveRange(f.range, f.date ?? clinicToday(), { startDate: f.startDate, endDate: f.endDate });
}

function workFilter(scope: StatisticsScope, f: StatisticsFilter): WorkStatisticsFilter {
  const { from, to } = rangeOf(f);
  return {
    organizationId: scope.organizationId,
    from,
    to,
    officeId: f.officeId,
    therapistId: f.therapistId,
    projectId: f.projectId,
    equipmentId: f.equipmentId,
    patientType: f.patientType,
  };
}

const figures = (r?: WorkFigureRow): WorkFigures => ({
  sessions: r?.sessions ?? 0,
  visits: r?.visits ?? 0,
  patients: r?.patients ?? 0,
  minutes: r?.minutes ?? 0,
  authorizedSessions: r?.authorizedSessions ?? 0,
  substituteSessions: r?.substituteSessions ?? 0,
  orders: r?.orders ?? 0,
  expired: r?.expired ?? 0,
  invalidated: r?.invalidated ?? 0,
});

/** officeWorkLoad: the figures per executing department (departments without orders in the range left out). */
export async function officeWorkload(
  app: AppContext,
  scope: StatisticsScope,
  f: StatisticsFilter,
): Promise<OfficeStatistics> {
  const wf = workFilter(scope, f);
  const [rows, totals, fresh, offices] = await Promise.all([
    workFigures(app.db, wf, 'office'),
    workFigures(app.db, wf, 'none'),
    newPatientsByOffice(app.db, wf),
    officesOfOrganization(app.db, scope.organizationId, scope.locale),
  ]);
  const byOffice = new Map(rows.map((r) => [Number(r.key), r]));
  const listed = offices
    .filter((o) => byOffice.has(o.id) || fresh.has(o.id))
    .map((o) => ({
      officeId: o.id,
      officeName: o.name,
      ...figures(byOffice.get(o.id)),
      newPatients: fresh.get(o.id) ?? 0,
    }));
  const newPatients = [...fresh.values()].reduce((s, n) => s + n, 0);
  return { range: { from: wf.from, to: wf.to }, totals: { ...figures(totals[0]), newPatients }, rows: listed };
}

/** therapistWorkLoad: the figures per therapist the orders count for, by day and by project template. */
export async function therapistWorkload(
  app: AppContext,
  scope: StatisticsScope,
  f: StatisticsFilter,
): Promise<TherapistStatistics> {
  const wf = workFilter(scope, f);
  const [rows, totals, days, projects] = await Promise.all([
    workFigures(app.db, wf, 'therapist'),
    workFigures(app.db, wf, 'none'),
    workFigures(app.db, wf, 'day'),
    workFigures(app.db, wf, 'project'),
  ]);
  const names = await userNames(
    app.db,
    rows.map((r) => (r.key === null ? null : Number(r.key))),
  );
  const byDay = new Map(days.map((d) => [String(d.key), d]));
  const unnamed = scope.locale === 'en' ? 'Unassigned' : '未分配';
  // a project row is its template, named as the project analysis names it (the reader's language)
  const templateNames = new Map(
    (
      await rowNames(
        app.db,
        'projectTemplate',
        projects.flatMap((p) => (p.key === null ? [] : [Number(p.key)])),
        scope.locale,
      )
    ).map((t) => [t.id, t.name]),
  );
  return {
    range: { from: wf.from, to: wf.to },
    totals: figures(totals[0]),
    rows: rows
      .filter((r) => r.key !== null)
      .map((r) => ({ therapistId: Number(r.key), name: names.get(Number(r.key)) ?? String(r.key), ...figures(r) }))
      .sort((a, b) => b.sessions - a.sessions || b.minutes - a.minutes || a.name.localeCompare(b.name, 'zh-CN')),
    days: daysOfRange(wf).map((date) => ({
      date,
      sessions: byDay.get(date)?.sessions ?? 0,
      minutes: byDay.get(date)?.minutes ?? 0,
    })),
    projects: projects
      .filter((p) => p.sessions > 0)
      .map((p) => ({
        projectId: p.key === null ? null : Number(p.key),
        name: (p.key === null ? null : templateNames.get(Number(p.key))) ?? p.name ?? unnamed,
        sessions: p.sessions,
        minutes: p.minutes,
      }))
      .sort((a, b) => b.sessions - a.sessions || a.name.localeCompare(b.name, 'zh-CN')),
  };
}

/** The completed work orders a workload figure counts (the drill-down's rows). */
export async function workOrderDetail(app: AppContext, scope: StatisticsScope, q: StatisticsWorkOrdersQuery) {
  const wf = workFilter(scope, q);
  return countedWorkOrders(app.db, { ...wf, day: q.day }, q, scope.locale);
}

/** turnOver: money of the settlements of the range by day, pay type and cashier (the daily settlement's basis). */
export async function turnover(app: AppContext, scope: StatisticsScope, f: TurnoverFilter): Promise<Turnover> {
  const { from, to } = rangeOf(f);
  const facts = await turnoverFacts(app.db, scope.organizationId, { from, to, cashierId: f.cashierId });
  const zero = noMoney;
  type Money = ReturnType<typeof zero>;
  const addTo = (m: Money, c: Money) => {
    for (const k of Object.keys(m) as (keyof Money)[]) m[k] += c[k];
  };
  const totals = zero();
  const days = new Map(daysOfRange({ from, to }).map((d) => [d, zero()]));
  const cashiers = new Map<number, Money>();
  for (const c of facts.cells) {
    addTo(totals, c);
    const d = days.get(c.day);
    if (d) addTo(d, c);
    const k = cashiers.get(c.cashierId) ?? zero();
    addTo(k, c);
    cashiers.set(c.cashierId, k);
  }
  const names = await userNames(app.db, [...cashiers.keys()]);
  return {
    range: { from, to },
    totals,
    days: [...days.entries()].map(([date, m]) => ({ date, ...m })),
    byPayType: facts.byPayType,
    byCashier: [...cashiers.entries()]
      .map(([cashierId, m]) => ({ cashierId, name: names.get(cashierId) ?? String(cashierId), ...m }))
      .sort((a, b) => b.receivedFen - a.receivedFen || a.cashierId - b.cashierId),
  };
}

const share = (part: number, whole: number) => (whole ? Math.round((part * 1000) / whole) / 10 : 0);

/**
 * projectAnalysisLoad: per project template the sessions, patients and minutes (service day, with the filters) and
 * the revenue (settlement time, the range only), with their shares.
 */
export async function projectAnalysis(
  app: AppContext,
  scope: StatisticsScope,
  f: StatisticsFilter,
): Promise<ProjectStatistics> {
  const wf = workFilter(scope, f);
  const [work, revenue] = await Promise.all([
    workFigures(app.db, wf, 'project'),
    revenueByProject(app.db, scope.organizationId, wf),
  ]);
  const templates = await projectTemplatesOf(app.db, scope.organizationId, [...revenue.keys()]);
  const unnamed = scope.locale === 'en' ? 'No template' : '无模板项目';
  type Acc = {
    projectId: number | null;
    name: string;
    sessions: number;
    patients: number;
    minutes: number;
    revenueFen: number;
  };
  const rows = new Map<string, Acc>();
  const acc = (projectId: number | null, name: string | null) => {
    const k = String(projectId);
    let r = rows.get(k);
    if (!r) {
      r = {
        projectId,
        name: projectId === null ? unnamed : (name ?? unnamed),
        sessions: 0,
        patients: 0,
        minutes: 0,
        revenueFen: 0,
      };
      rows.set(k, r);
    }
    return r;
  };
  for (const w of work) {
    if (!w.sessions) continue;
    const r = acc(w.key === null ? null : Number(w.key), w.name);
    r.sessions += w.sessions;
    r.patients += w.patients;
    r.minutes += w.minutes;
  }
  for (const [projectId, fen] of revenue) {
    const t = templates.get(projectId);
    if (!t || (f.projectId && t.templateId !== f.projectId)) continue;
    acc(t.templateId, t.name).revenueFen += fen;
  }
  const list = [...rows.values()];
  // a row is its template: named as the template is in the reader's language, not as one prescription copied it
  const templateIds = list.flatMap((r) => (r.projectId === null ? [] : [r.projectId]));
  for (const t of await rowNames(app.db, 'projectTemplate', templateIds, scope.locale)) {
    const r = rows.get(String(t.id));
    if (r) r.name = t.name;
  }
  const totals = {
    sessions: list.reduce((n, r) => n + r.sessions, 0),
    patients: (await workFigures(app.db, wf, 'none'))[0]?.patients ?? 0,
    minutes: list.reduce((n, r) => n + r.minutes, 0),
    revenueFen: list.reduce((n, r) => n + r.revenueFen, 0),
  };
  return {
    range: { from: wf.from, to: wf.to },
    totals,
    rows: list
      .map((r) => ({
        ...r,
        sessionShare: share(r.sessions, totals.sessions),
        revenueShare: share(r.revenueFen, totals.revenueFen),
      }))
      .sort((a, b) => b.sessions - a.sessions || b.revenueFen - a.revenueFen || a.name.localeCompare(b.name, 'zh-CN')),
  };
}

/** equipmentUseLoad: per piece of equipment the completed sessions, patients and busy minutes. */
export async function equipmentUse(
  app: AppContext,
  scope: StatisticsScope,
  f: StatisticsFilter,
): Promise<EquipmentStatistics> {
  const wf = workFilter(scope, f);
  const rows = (await workFigures(app.db, wf, 'equipment')).filter((r) => r.key !== null && r.sessions > 0);
  const names = new Map(
    (
      await rowNames(
        app.db,
        'equipment',
        rows.map((r) => Number(r.key)),
      )
    ).map((r) => [r.id, r.name]),
  );
  const list = rows
    .map((r) => ({
      equipmentId: Number(r.key),
      name: names.get(Number(r.key)) ?? String(r.key),
      sessions: r.sessions,
      patients: r.patients,
      minutes: r.minutes,
    }))
    .sort((a, b) => b.minutes - a.minutes || b.sessions - a.sessions || a.name.localeCompare(b.name, 'zh-CN'));
  const patients = (await workFigures(app.db, { ...wf, withEquipment: true }, 'none'))[0]?.patients ?? 0;
  return {
    range: { from: wf.from, to: wf.to },
    totals: {
      sessions: list.reduce((n, r) => n + r.sessions, 0),
      patients,
      minutes: list.reduce((n, r) => n + r.minutes, 0),
    },
    rows: list,
  };
}

/** turnOverDetail: the settlements and refunds of the range (a page), with patient, cashier and payments. */
export async function turnoverDetail(app: AppContext, scope: StatisticsScope, q: TurnoverDetailQuery) {
  const { from, to } = rangeOf(q);
  const page = await settlementsInRange(app.db, scope.organizationId, { from, to, ...q });
  const [patients, cashiers] = await Promise.all([
    patientNames(
      app.db,
      scope.organizationId,
      page.list.map((r) => r.patientId),
    ),
    userNames(
      app.db,
      page.list.map((r) => r.cashierId),
    ),
  ]);
  return {
    total: page.total,
    list: page.list.map(({ patientId, cashierId, ...r }) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      patientName: patients.get(patientId) ?? '',
      cashierName: cashiers.get(cashierId) ?? '',
    })),
  };
}

/**
 * treatmentCostLoad: money per patient and course of the range (charged, refunded, net; settlement time), optionally
 * of outpatient or inpatient courses, largest net first, a page of them with the totals of all.
 */
export async function treatmentCost(app: AppContext, scope: StatisticsScope, q: CostQuery): Promise<CostStatistics> {
  const { from, to } = rangeOf(q);
  const cells = await costByCourse(app.db, scope.organizationId, { from, to });
  const courses = await courseFacts(
    app.db,
    scope.organizationId,
    cells.map((c) => c.treatmentId).filter((id): id is number => id !== null),
  );
  const rows = cells
    .map((c) => {
      const course = c.treatmentId === null ? undefined : courses.get(c.treatmentId);
      return {
        ...c,
        patientType: course?.patientType ?? null,
        courseNo: course?.courseNo ?? null,
        netFen: c.chargedFen - c.refundedFen,
      };
    })
    .filter((r) => (q.patientType ? r.patientType === q.patientType : true))
    .sort((a, b) => b.netFen - a.netFen || a.patientId - b.patientId);
  const pageRows = rows.slice((q.page - 1) * q.limit, q.page * q.limit);
  const names = await patientNames(
    app.db,
    scope.organizationId,
    pageRows.map((r) => r.patientId),
  );
  const sum = (k: 'chargedFen' | 'refundedFen' | 'netFen' | 'settlementCount') => rows.reduce((n, r) => n + r[k], 0);
  return {
    range: { from, to },
    totals: {
      chargedFen: sum('chargedFen'),
      refundedFen: sum('refundedFen'),
      netFen: sum('netFen'),
      settlementCount: sum('settlementCount'),
      courses: rows.length,
    },
    page: {
      list: pageRows.map((r) => ({ ...r, patientName: names.get(r.patientId) ?? '' })),
      totalCount: rows.length,
      pageSize: q.limit,
      currPage: q.page,
      totalPage: Math.ceil(rows.length / q.limit),
    },
  };
}

/**
 * The figures of the operations overview over one range of clinic days, with the money and registrations by day they
 * were summed from (the overview's trend reuses them).
 */
async function operationalFigures(app: AppContext, organizationId: number, range: { from: string; to: string }) {
  const wf: WorkStatisticsFilter = { organizationId, ...range };
  const [work, fresh, money, registered, waiting] = await Promise.all([
    workFigures(app.db, wf, 'none'),
    newPatientsByOffice(app.db, wf),
    turnoverFacts(app.db, organizationId, range),
    registrationsByDay(app.db, organizationId, range),
    waitingToFirstSession(app.db, wf, clinicTimeZone()),
  ]);
  const w = figures(work[0]);
  const netIncomeFen = money.cells.reduce((n, c) => n + c.netIncomeFen, 0);
  const due = w.orders - w.invalidated;
  const summed: OperationalFigures = {
    registrations: [...registered.values()].reduce((n, x) => n + x, 0),
    newPatients: [...fresh.values()].reduce((n, x) => n + x, 0),
    patients: w.patients,
    visits: w.visits,
    sessions: w.sessions,
    minutes: w.minutes,
    netIncomeFen,
    refundsFen: money.cells.reduce((n, c) => n + c.refundsFen, 0),
    incomePerVisitFen: w.visits ? Math.round(netIncomeFen / w.visits) : 0,
    completionRate: share(w.sessions, due),
    expiredOrders: w.expired,
    waitingDays: waiting.projects ? Math.round((waiting.days * 10) / waiting.projects) / 10 : 0,
  };
  return { figures: summed, money, registered };
}

/**
 * operational-data: the organization's registrations, work and income over the range up to today, against as many
 * days of the period before (环比), by day, and per department (registrations by the visit's department, work by the
 * executing one).
 */
export async function operationalData(
  app: AppContext,
  scope: StatisticsScope,
  f: OperationalFilter,
): Promise<OperationalData> {
  const { current, previous } = comparedRanges(f.range, rangeOf(f), clinicToday());
  const org = scope.organizationId;
  const wf: WorkStatisticsFilter = { organizationId: org, ...current };
  const [now, before, byDay, byOffice, registeredByOffice, offices] = await Promise.all([
    operationalFigures(app, org, current),
    operationalFigures(app, org, previous),
    workFigures(app.db, wf, 'day'),
    workFigures(app.db, wf, 'office'),
    registrationsByOffice(app.db, org, current),
    officesOfOrganization(app.db, org, scope.locale),
  ]);
  const work = new Map(byDay.map((r) => [String(r.key), r]));
  const income = new Map<string, number>();
  for (const c of now.money.cells) income.set(c.day, (income.get(c.day) ?? 0) + c.netIncomeFen);
  const officeWork = new Map(byOffice.map((r) => [Number(r.key), r]));
  return {
    range: current,
    previousRange: previous,
    current: now.figures,
    previous: before.figures,
    days: daysOfRange(current).map((date) => ({
      date,
      registrations: now.registered.get(date) ?? 0,
      visits: work.get(date)?.visits ?? 0,
      sessions: work.get(date)?.sessions ?? 0,
      netIncomeFen: income.get(date) ?? 0,
    })),
    offices: offices
      .map((o) => {
        const w = officeWork.get(o.id);
        const r = registeredByOffice.get(o.id);
        return {
          officeId: o.id,
          officeName: o.name,
          registrations: r?.patientAmount ?? 0,
          inTreatment: r?.inTreatment ?? 0,
          patients: w?.patients ?? 0,
          visits: w?.visits ?? 0,
          sessions: w?.sessions ?? 0,
        };
      })
      .filter((o) => o.registrations || o.inTreatment || o.sessions || o.visits),
  };
}

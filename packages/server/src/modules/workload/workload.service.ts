import { and, asc, between, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  RoleId,
  type BoardCard,
  type DailyWorkload,
  type Locale,
  type TeamWorkload,
  type TherapistRow,
  type TherapistWorkload,
  type VisualBoard,
  type WorkloadCounts,
  type WorkplaceToday,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import { officesOfUsers } from '../offices';
import { roleHoldersIn, staffContacts, staffWithRoles } from '../roles';
import { userNames } from '../users';
import type { SessionContext } from '../../http/session';
import { patientNameRows, projectRows } from '../patients';
import { localTeamName, teamNameEnSql, teamsWithMembers } from '../teams';
import { cardColumns as card, workOrderCards, workOrderRows } from '../work-orders';
import { clockIns } from './workload.tables';
import { todayOf } from './today';
import { clockNow } from '../../kernel/clock';

/** The work orders counted, with their projects (the minutes) and patients (the board's names). */
const workOrders = workOrderRows('wo');
const treatmentProjects = projectRows('project');
const patients = patientNameRows('patient');

/**
 * Who an order counts for: the therapist who executed it once completed, else the authorized therapist, else the
 * therapist responsible. The group: the authorization's group, else the order's.
 */
const therapistOf = sql<
  number | null
>`(case when ${workOrders.status} = 3 and ${workOrders.executorId} is not null then ${workOrders.executorId} else coalesce(${workOrders.authorizedTherapistId}, ${workOrders.therapistId}) end)`;
const teamOf = sql<number | null>`coalesce(${workOrders.authorizedTeamId}, ${workOrders.teamId})`;

const COUNTS = {
  total: sql<number>`count(*)::int`,
  unfinished: sql<number>`(count(*) filter (where ${workOrders.status} = 1))::int`,
  invalidated: sql<number>`(count(*) filter (where ${workOrders.status} = 2))::int`,
  completed: sql<number>`(count(*) filter (where ${workOrders.status} = 3))::int`,
  expired: sql<number>`(count(*) filter (where ${workOrders.status} = 4))::int`,
  patients: sql<number>`(count(distinct ${workOrders.patientId}) filter (where ${workOrders.status} = 3))::int`,
  minutes: sql<number>`(coalesce(sum(${treatmentProjects.duration}) filter (where ${workOrders.status} = 3), 0))::int`,
  checkedIn: sql<number>`(count(*) filter (where ${workOrders.checkedInAt} is not null))::int`,
};

export const zeroCounts = (): WorkloadCounts => ({
  total: 0,
  unfinished: 0,
  completed: 0,
  expired: 0,
  invalidated: 0,
  patients: 0,
  minutes: 0,
  checkedIn: 0,
});

const countsOf = (r: Partial<Record<keyof WorkloadCounts, unknown>>): WorkloadCounts => ({
  total: Number(r.total ?? 0),
  unfinished: Number(r.unfinished ?? 0),
  completed: Number(r.completed ?? 0),
  expired: Number(r.expired ?? 0),
  invalidated: Number(r.invalidated ?? 0),
  patients: Number(r.patients ?? 0),
  minutes: Number(r.minutes ?? 0),
  checkedIn: Number(r.checkedIn ?? 0),
});

type Filter = {
  organizationId: number;
  from: string;
  to: string;
  officeId?: number;
  therapistId?: number;
  teamId?: number;
};

function whereOf(f: Filter): SQL {
  return and(
    eq(workOrders.organizationId, f.organizationId),
    f.from === f.to ? eq(workOrders.treatDate, f.from) : between(workOrders.treatDate, f.from, f.to),
    f.officeId ? eq(workOrders.execOfficeId, f.officeId) : undefined,
    f.therapistId ? sql`${therapistOf} = ${f.therapistId}` : undefined,
    f.teamId ? sql`${teamOf} = ${f.teamId}` : undefined,
  )!;
}

/** What the figures can be grouped by: the counted therapist, the group, the service day, whether a group owns it. */
const DIMENSIONS = {
  therapist: therapistOf,
  team: teamOf,
  day: sql<string>`${workOrders.treatDate}`,
  grouped: sql<boolean>`(${teamOf} is not null)`,
};
type Dimension = keyof typeof DIMENSIONS;
type Figures = WorkloadCounts & { days: number; therapists: number };
type FigureRow = Figures & { keys: Partial<Record<Dimension, unknown>> };

/**
 * The counts of the filtered orders for several groupings at once, in one pass over the orders (GROUPING SETS): each
 * set of dimensions answers its rows, the empty set the totals. The busiest screens need three or four groupings of
 * the same day's orders, which were as many scans.
 */
async function figures(app: AppContext, f: Filter, sets: Dimension[][]): Promise<FigureRow[][]> {
  const used = (Object.keys(DIMENSIONS) as Dimension[]).filter((d) => sets.some((set) => set.includes(d)));
  const dims = used.map((d) => DIMENSIONS[d]);
  // grouping(a, b, ...) has a bit set for every dimension the row's set leaves out (the first dimension highest)
  const maskOf = (set: Dimension[]) =>
    used.reduce((mask, d, i) => (set.includes(d) ? mask : mask | (1 << (used.length - 1 - i))), 0);
  const groupingSets = sql.join(
    sets.map(
      (set) =>
        sql`(${sql.join(
          set.map((d) => DIMENSIONS[d]),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  const rows = await app.db
    .select({
      mask: used.length ? sql<number>`grouping(${sql.join(dims, sql`, `)})::int` : sql<number>`0`,
      ...Object.fromEntries(used.map((d) => [`k_${d}`, DIMENSIONS[d]])),
      // the two distinct counts only where a grouping reads them (days per therapist, therapists per day): each is a
      // sort of the orders, not worth paying on the busiest screens for figures nobody shows
      days: used.includes('therapist')
        ? sql<number>`(count(distinct ${workOrders.treatDate}) filter (where ${workOrders.status} = 3))::int`
        : sql<number>`0`,
      therapists: used.includes('day')
        ? sql<number>`(count(distinct ${therapistOf}) filter (where ${workOrders.status} = 3))::int`
        : sql<number>`0`,
      ...COUNTS,
    })
    .from(workOrders)
    .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
    .where(whereOf(f))
    .groupBy(sql`grouping sets (${groupingSets})`);
  return sets.map((set) => {
    const mask = maskOf(set);
    return rows
      .filter((r) => Number(r.mask) === mask)
      .map((r) => {
        const raw = r as unknown as Record<string, unknown>;
        return {
          ...countsOf(r),
          days: Number(r.days),
          therapists: Number(r.therapists),
          keys: Object.fromEntries(set.map((d) => [d, raw[`k_${d}`]])),
        };
      });
  });
}

const countsOnly = ({ days: _d, therapists: _t, keys: _k, ...counts }: FigureRow): WorkloadCounts => counts;
const totalsOf = (rows: FigureRow[]) => (rows[0] ? countsOnly(rows[0]) : zeroCounts());
const idOf = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const perTherapistOf = (rows: FigureRow[]) =>
  new Map(rows.map((r) => [idOf(r.keys.therapist), { ...countsOnly(r), days: r.days }]));
const perTeamOf = (rows: FigureRow[]) => new Map(rows.map((r) => [idOf(r.keys.team), countsOnly(r)]));
const perDayOf = (rows: FigureRow[]) =>
  new Map(rows.map((r) => [String(r.keys.day), { ...countsOnly(r), therapists: r.therapists }]));
/** The orders no therapist counts for, split into those a group owns and those nobody owns. */
const ownerlessOf = (rows: FigureRow[]) =>
  rows
    .filter((r) => r.keys.therapist === null)
    .map((r) => ({ grouped: Boolean(r.keys.grouped), days: r.days, ...countsOnly(r) }));

/** The enabled therapists (role 10) of the organization, by name. */
function therapistsOf(app: AppContext, organizationId: number) {
  return staffContacts(app.db, organizationId, [RoleId.therapist]);
}

const namesOf = (app: AppContext, ids: number[]) => userNames(app.db, ids);

/** The groups of the organization and each user's memberships there. */
async function teamsOf(app: AppContext, organizationId: number, locale: Locale) {
  const found = await teamsWithMembers(app.db, organizationId);
  const members = found.members;
  const teams = found.teams.map((t) => ({ ...t, name: localTeamName(locale, t.name, t.nameEn) }));
  const byUser = new Map<number, { id: number; name: string; isDefault: boolean; leader: boolean }[]>();
  const name = new Map(teams.map((t) => [t.id, t]));
  for (const m of members) {
    const team = name.get(m.teamId)!;
    const list = byUser.get(m.userId) ?? [];
    list.push({ id: team.id, name: team.name, isDefault: m.isDefault, leader: team.leaderId === m.userId });
    byUser.set(m.userId, list);
  }
  const memberCount = new Map<number, number>();
  for (const m of members) memberCount.set(m.teamId, (memberCount.get(m.teamId) ?? 0) + 1);
  return { teams, byUser, memberCount };
}

/** Today's clock-ins of the organization by user, the group named in the reader's language where it still exists. */
async function clockInsOf(app: AppContext, organizationId: number, day: string, locale: Locale) {
  const rows = await app.db
    .select({ clockIn: clockIns, teamNameEn: teamNameEnSql(clockIns.teamId) })
    .from(clockIns)
    .where(and(eq(clockIns.organizationId, organizationId), eq(clockIns.checkDate, day)));
  return new Map(
    rows.map(({ clockIn: r, teamNameEn }) => [
      r.userId,
      {
        teamId: r.teamId,
        teamName: localTeamName(locale, r.teamName, teamNameEn),
        checkedAt: r.checkedAt.toISOString(),
      },
    ]),
  );
}

/** Today's numbers of the department: per therapist, per group, in total (the workplace screen). */
export async function workplaceToday(
  app: AppContext,
  session: SessionContext,
  officeId: number | undefined,
  locale: Locale,
): Promise<WorkplaceToday> {
  const organizationId = session.organizationId!;
  const date = todayOf(app);
  const f: Filter = { organizationId, from: date, to: date, officeId };
  const [[all, perTherapist, perTeam], staff, groups, clocks] = await Promise.all([
    figures(app, f, [[], ['therapist'], ['team']]).then(
      ([a, t, m]) => [totalsOf(a!), perTherapistOf(t!), perTeamOf(m!)] as const,
    ),
    therapistsOf(app, organizationId),
    teamsOf(app, organizationId, locale),
    clockInsOf(app, organizationId, date, locale),
  ]);
  const listed = new Set(staff.map((s) => s.id));
  const others = [...perTherapist.keys()].filter((id): id is number => id !== null && !listed.has(id));
  const otherNames = await namesOf(app, others);
  const therapists: TherapistWorkload[] = [
    ...staff.map((s) => ({ id: s.id, name: s.name })),
    ...others.map((id) => ({ id, name: otherNames.get(id) ?? String(id) })),
  ].map((s) => ({
    therapistId: s.id,
    name: s.name,
    ...(perTherapist.get(s.id) ?? zeroCounts()),
    clockIn: clocks.get(s.id) ?? null,
    teams: (groups.byUser.get(s.id) ?? []).map(({ id, name, isDefault }) => ({ id, name, isDefault })),
  }));
  for (const t of therapists) delete (t as Partial<{ days: number }>).days;
  const clockedPerTeam = new Map<number, number>();
  for (const c of clocks.values()) if (c.teamId) clockedPerTeam.set(c.teamId, (clockedPerTeam.get(c.teamId) ?? 0) + 1);
  const teams: TeamWorkload[] = groups.teams
    .filter((t) => t.status === 1 || perTeam.has(t.id))
    .map((t) => ({
      teamId: t.id,
      name: t.name,
      ...(perTeam.get(t.id) ?? zeroCounts()),
      clockedIn: clockedPerTeam.get(t.id) ?? 0,
      members: groups.memberCount.get(t.id) ?? 0,
    }));
  const noTeam = perTeam.get(null);
  if (noTeam)
    teams.push({ teamId: null, name: locale === 'en' ? 'No group' : '未分组', ...noTeam, clockedIn: 0, members: 0 });
  return {
    date,
    totals: all,
    therapists,
    teams,
    unassigned: perTherapist.get(null)?.total ?? 0,
    clockedIn: clocks.size,
    therapistCount: staff.length,
  };
}

/** Every day from `from` to `to` (inclusive). */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000) {
    out.push(new Date(d).toISOString().slice(0, 10));
  }
  return out;
}

/** The numbers by day over a range and per therapist over the range (the daily workload screen). */
export async function dailyWorkload(
  app: AppContext,
  session: SessionContext,
  q: { startDate: string; endDate: string; therapistId?: number; teamId?: number; officeId?: number },
  locale: Locale,
): Promise<DailyWorkload> {
  const f: Filter = {
    organizationId: session.organizationId!,
    from: q.startDate,
    to: q.endDate,
    officeId: q.officeId,
    therapistId: q.therapistId,
    teamId: q.teamId,
  };
  const [totalRows, dayRows, therapistRows, ownerRows] = await figures(app, f, [
    [],
    ['day'],
    ['therapist'],
    ...(q.therapistId ? [] : [['therapist', 'grouped'] as Dimension[]]),
  ]);
  const all = totalsOf(totalRows!);
  const perDay = perDayOf(dayRows!);
  const perTherapist = perTherapistOf(therapistRows!);
  const nobody = ownerRows ? ownerlessOf(ownerRows) : [];
  const names = await namesOf(
    app,
    [...perTherapist.keys()].filter((k): k is number => k !== null),
  );
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    totals: all,
    days: daysOf(q.startDate, q.endDate).map((date) => ({
      date,
      ...(perDay.get(date) ?? { ...zeroCounts(), therapists: 0 }),
    })),
    therapists: [
      ...[...perTherapist.entries()]
        .filter((e): e is [number, WorkloadCounts & { days: number }] => e[0] !== null)
        .map(([therapistId, c]) => ({
          kind: 'therapist' as const,
          therapistId,
          name: names.get(therapistId) ?? String(therapistId),
          ...c,
        }))
        .sort((a, b) => b.completed - a.completed || b.minutes - a.minutes || a.name.localeCompare(b.name)),
      // the rest of the totals: orders of a group with no therapist yet, then orders nobody owns
      ...nobody
        .sort((a, b) => Number(b.grouped) - Number(a.grouped))
        .map(({ grouped, ...c }) => ({
          kind: grouped ? ('group' as const) : ('unassigned' as const),
          therapistId: null,
          name: grouped
            ? locale === 'en'
              ? 'Group orders, no therapist yet'
              : '小组工单（未指定治疗师）'
            : locale === 'en'
              ? 'Unassigned'
              : '未分配',
          ...c,
        })),
    ],
  };
}

/** The live board: a card per therapist with today's numbers, post, the next patients and the last one treated. */
export async function visualBoard(
  app: AppContext,
  session: SessionContext,
  officeId: number | undefined,
  locale: Locale,
): Promise<VisualBoard> {
  const today = await workplaceToday(app, session, officeId, locale);
  const organizationId = session.organizationId!;
  const base = (o: { organizationId: SQLWrapper; treatDate: SQLWrapper; execOfficeId: SQLWrapper }) =>
    and(
      eq(o.organizationId, organizationId),
      eq(o.treatDate, today.date),
      officeId ? eq(o.execOfficeId, officeId) : undefined,
    );
  const [open, done] = await Promise.all([
    workOrderCards(app.db, {
      id: card.id,
      // `therapistOf` of an unfinished order: its executor counts only once it is completed
      therapistId: sql<number | null>`coalesce(${card.authorizedTherapistId}, ${card.therapistId})`,
      patientName: card.patientName,
      projectName: card.projectName,
      bedNumber: card.bedNo,
      checkedInAt: card.checkedInAt,
    })
      .where(and(base(card), eq(card.status, 1)))
      .orderBy(sql`${card.checkedInAt} is null`, asc(card.id))
      .limit(5000),
    app.db
      .select({
        therapistId: therapistOf,
        patientName: patients.name,
        projectName: treatmentProjects.name,
        completedAt: workOrders.completedAt,
      })
      .from(workOrders)
      .innerJoin(patients, eq(patients.id, workOrders.patientId))
      .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
      .where(and(base(workOrders), eq(workOrders.status, 3)))
      .orderBy(desc(workOrders.completedAt), desc(workOrders.id))
      .limit(5000),
  ]);
  const queues = new Map<number, BoardCard['queue']>();
  for (const o of open) {
    if (o.therapistId === null) continue;
    const q = queues.get(Number(o.therapistId)) ?? [];
    if (q.length < 5)
      q.push({
        id: o.id,
        patientName: o.patientName,
        projectName: o.projectName,
        bedNumber: o.bedNumber,
        checkedIn: o.checkedInAt !== null,
      });
    queues.set(Number(o.therapistId), q);
  }
  const last = new Map<number, BoardCard['last']>();
  for (const o of done) {
    if (o.therapistId === null || last.has(Number(o.therapistId))) continue;
    last.set(Number(o.therapistId), {
      patientName: o.patientName,
      projectName: o.projectName,
      completedAt: (o.completedAt ?? clockNow()).toISOString(),
    });
  }
  const cards: BoardCard[] = today.therapists
    .map((t) => ({ ...t, queue: queues.get(t.therapistId) ?? [], last: last.get(t.therapistId) ?? null }))
    .sort(
      (a, b) =>
        Number(b.clockIn !== null) - Number(a.clockIn !== null) ||
        b.unfinished - a.unfinished ||
        a.name.localeCompare(b.name, 'zh-CN'),
    );
  return { date: today.date, refreshedAt: clockNow().toISOString(), totals: today.totals, cards };
}

/** The therapist management list: the organization's therapists with departments, groups and today. */
export async function therapistRows(app: AppContext, session: SessionContext, locale: Locale): Promise<TherapistRow[]> {
  const organizationId = session.organizationId!;
  const date = todayOf(app);
  const staff = await therapistsOf(app, organizationId);
  if (!staff.length) return [];
  const ids = staff.map((s) => s.id);
  const [groups, clocks, perTherapist, roleRows, officeRows] = await Promise.all([
    teamsOf(app, organizationId, locale),
    clockInsOf(app, organizationId, date, locale),
    figures(app, { organizationId, from: date, to: date }, [['therapist']]).then(([rows]) => perTherapistOf(rows!)),
    roleHoldersIn(app.db, organizationId, { userIds: ids }),
    officesOfUsers(app.db, organizationId, ids, locale),
  ]);
  return staff.map((s) => {
    const c = perTherapist.get(s.id);
    return {
      userId: s.id,
      name: s.name,
      phone: s.phone,
      roleIds: roleRows
        .filter((r) => r.userId === s.id)
        .map((r) => r.roleId)
        .sort((a, b) => a - b),
      offices: officeRows.filter((o) => o.userId === s.id).map((o) => o.name),
      teams: groups.byUser.get(s.id) ?? [],
      clockIn: clocks.get(s.id) ?? null,
      today: { unfinished: c?.unfinished ?? 0, completed: c?.completed ?? 0 },
    };
  });
}

/** Enabled users of the organization holding a role, by name (getDoctor). */
export async function staffWithRole(app: AppContext, session: SessionContext, roleId: number) {
  const rows = await staffWithRoles(app.db, session.organizationId!, [roleId], { order: 'name-id' });
  return rows.map((r) => ({ id: r.id, userId: r.id, name: r.name, roleId }));
}

/** The organization's therapists with their groups, optionally of one group or matching a name (getTherapist). */
export async function therapistOptions(
  app: AppContext,
  session: SessionContext,
  q: { teamId?: number; name?: string },
  locale: Locale,
) {
  const organizationId = session.organizationId!;
  const [staff, groups] = await Promise.all([therapistsOf(app, organizationId), teamsOf(app, organizationId, locale)]);
  const needle = q.name?.toLowerCase();
  return staff
    .map((s) => ({
      id: s.id,
      userId: s.id,
      name: s.name,
      roleId: RoleId.therapist,
      teams: (groups.byUser.get(s.id) ?? []).map(({ id, name, isDefault }) => ({ id, name, isDefault })),
    }))
    .filter((s) => (q.teamId ? s.teams.some((t) => t.id === q.teamId) : true))
    .filter((s) => (needle ? s.name.toLowerCase().includes(needle) : true));
}

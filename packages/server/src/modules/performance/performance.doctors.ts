import { RoleId } from '@rehab/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { clinicTimeZone } from '../../kernel/clock';
import { assessmentsBySubmitter, assessmentsDaily } from '../assessments';
import { masterRows } from '../master-data';
import { coursesByDoctor, doctorDailyCounts, prescriptionsByDoctor, prescriptionsOfDoctor } from '../patients';
import { staffWithRoles } from '../roles';
import { userNames } from '../users';
import { assertReads, seesAll, type Scope } from './performance.service';
import { perfFacts } from './performance.tables';

/**
 * The doctors' side of performance (spec `doctorPerformance/doctorList` and `doctors`, under /sys/): per doctor and
 * month, the treatment projects they prescribed (and the sessions prescribed), the assessments they submitted and
 * the courses they opened, each month on the clinic's clock. Read through the patients' and assessments' faces.
 */
export async function doctorMonth(db: TxOrDb, scope: Scope, body: { month: string; staffId?: number }) {
  const only = body.staffId ?? (seesAll(scope) ? undefined : scope.userId);
  if (only !== undefined) assertReads(scope, only);
  const tz = clinicTimeZone();
  const [prescriptions, assessments, courses, doctors] = await Promise.all([
    prescriptionsByDoctor(db, scope.organizationId, body.month, tz, only),
    assessmentsBySubmitter(db, scope.organizationId, body.month, tz),
    coursesByDoctor(db, scope.organizationId, body.month, tz),
    staffWithRoles(db, scope.organizationId, [RoleId.doctor], { order: 'id' }),
  ]);
  const ids = new Set<number>(only === undefined ? doctors.map((d) => d.id) : [only]);
  if (only === undefined) for (const p of prescriptions) ids.add(p.doctorId);
  const names = await userNames(db, [...ids]);
  return [...ids]
    .map((doctorId) => {
      const mine = prescriptions.filter((p) => p.doctorId === doctorId);
      return {
        doctorId,
        doctorName: names.get(doctorId) ?? String(doctorId),
        prescriptions: mine.reduce((s, p) => s + p.prescriptions, 0),
        sessions: mine.reduce((s, p) => s + p.sessions, 0),
        assessments: assessments.get(doctorId) ?? 0,
        courses: courses.get(doctorId) ?? 0,
      };
    })
    .sort((a, b) => b.prescriptions - a.prescriptions || a.doctorId - b.doctorId);
}

export async function doctorList(db: TxOrDb, scope: Scope) {
  return staffWithRoles(db, scope.organizationId, [RoleId.doctor], { order: 'id' });
}

export async function doctorProjects(db: TxOrDb, scope: Scope, body: { doctorId: number; month: string }) {
  assertReads(scope, body.doctorId);
  const [rows, templates] = await Promise.all([
    prescriptionsByDoctor(db, scope.organizationId, body.month, clinicTimeZone(), body.doctorId),
    masterRows(db, 'projectTemplate', scope.organizationId),
  ]);
  const names = new Map(templates.map((t) => [t.id as number, String(t.name)]));
  return rows
    .map((r) => ({
      templateId: r.templateId ?? 0,
      templateName: r.templateId === null ? '' : (names.get(r.templateId) ?? String(r.templateId)),
      prescriptions: r.prescriptions,
      sessions: r.sessions,
    }))
    .sort((a, b) => b.prescriptions - a.prescriptions || a.templateId - b.templateId);
}

export async function doctorDetail(
  db: TxOrDb,
  scope: Scope,
  body: { doctorId: number; month: string; templateId: number },
) {
  assertReads(scope, body.doctorId);
  const rows = await prescriptionsOfDoctor(
    db,
    scope.organizationId,
    body.doctorId,
    body.month,
    clinicTimeZone(),
    body.templateId,
  );
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * A person's month by day (user-wordload-detail): a therapist's sessions, points and value from the facts; a
 * doctor's prescriptions, sessions prescribed, assessments and courses opened. Days with nothing are left out.
 */
export async function workloadDaily(
  db: TxOrDb,
  scope: Scope,
  body: { type: 'therapist' | 'doctor'; staffId: number; month: string },
) {
  assertReads(scope, body.staffId);
  const blank = (day: string) => ({
    day,
    sessions: 0,
    points: 0,
    value: 0,
    prescriptions: 0,
    prescribedSessions: 0,
    assessments: 0,
    courses: 0,
  });
  const days = new Map<string, ReturnType<typeof blank>>();
  const at = (day: string) => days.get(day) ?? days.set(day, blank(day)).get(day)!;
  if (body.type === 'therapist') {
    const rows = await db
      .select({
        day: perfFacts.day,
        sessions: sql<number>`sum(${perfFacts.sessions})`,
        points: sql<number>`sum(${perfFacts.sessions} * ${perfFacts.points})`,
        value: sql<number>`sum(${perfFacts.value})`,
      })
      .from(perfFacts)
      .where(
        and(
          eq(perfFacts.organizationId, scope.organizationId),
          eq(perfFacts.month, body.month),
          eq(perfFacts.staffId, body.staffId),
        ),
      )
      .groupBy(perfFacts.day);
    for (const r of rows) {
      if (Number(r.sessions) === 0 && Number(r.value) === 0) continue;
      Object.assign(at(r.day), { sessions: Number(r.sessions), points: Number(r.points), value: Number(r.value) });
    }
  } else {
    const tz = clinicTimeZone();
    const [counts, assessed] = await Promise.all([
      doctorDailyCounts(db, scope.organizationId, body.staffId, body.month, tz),
      assessmentsDaily(db, scope.organizationId, body.staffId, body.month, tz),
    ]);
    for (const [day, p] of counts.prescriptions)
      Object.assign(at(day), { prescriptions: p.n, prescribedSessions: p.sessions });
    for (const [day, n] of counts.courses) at(day).courses = n;
    for (const [day, n] of assessed) at(day).assessments = n;
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

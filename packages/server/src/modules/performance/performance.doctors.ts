import { RoleId } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { clinicTimeZone } from '../../kernel/clock';
import { assessmentsBySubmitter } from '../assessments';
import { masterRows } from '../master-data';
import { coursesByDoctor, prescriptionsByDoctor, prescriptionsOfDoctor } from '../patients';
import { staffWithRoles } from '../roles';
import { userNames } from '../users';
import { assertReads, seesAll, type Scope } from './performance.service';

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

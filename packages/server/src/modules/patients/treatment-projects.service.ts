import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CourseStatus, ProjectStatus, RoleId, projectAmounts, type projectInputSchema } from '@rehab/shared';
import type { Db, TxOrDb } from '../../db/client';
import { runUnitOfWork, type UnitOfWork, type UnitOfWorkHost } from '../../kernel/unit-of-work';
import './patients.events';
import { officeNameRows } from '../offices';
import { userNameRows } from '../users';
import { rowNameSql, unitNameOfTextSql } from '../master-data';
import { notFound } from '../../http/errors';
import { treatmentProjects, unassignedCounts } from './patients.tables';
import { activeTeamsOf, isActiveTeam, teamNameRows } from '../teams';
import { clockNow } from '../../kernel/clock';
import {
  bad,
  checkOffice,
  checkStaff,
  conflict,
  courseOf,
  decimal,
  hasOrgRole,
  inOrg,
  num,
  type Scope,
} from './patients.service';
import { localNameSql } from '../../kernel/local-name';

type ProjectInput = z.output<typeof projectInputSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Treatment projects

async function checkProjectRefs(tx: TxOrDb, scope: Scope, p: ProjectInput, prefix: string) {
  await inOrg(tx, 'projectTemplate', p.templateId, scope, `${prefix}templateId`);
  await inOrg(tx, 'part', p.partId, scope, `${prefix}partId`);
  await inOrg(tx, 'equipment', p.equipmentId, scope, `${prefix}equipmentId`);
  await checkOffice(tx, p.execOfficeId, scope, `${prefix}execOfficeId`);
  await checkStaff(tx, p.therapistId, RoleId.therapist, scope, `${prefix}therapistId`);
}

function projectValues(p: ProjectInput) {
  const amounts = projectAmounts(p);
  return {
    templateId: p.templateId ?? null,
    comboName: p.comboName ?? null,
    name: p.name,
    process: p.process ?? null,
    partId: p.partId ?? null,
    notes: p.notes ?? null,
    execOfficeId: p.execOfficeId,
    therapistId: p.therapistId ?? null,
    quantity: p.quantity,
    unitName: p.unitName ?? null,
    times: p.times,
    duration: p.duration,
    frequency: p.frequency,
    unitPrice: p.unitPrice.toFixed(2),
    totalTimes: amounts.totalTimes,
    totalDosage: amounts.totalDosage,
    dailyTotalDosage: amounts.dailyTotalDosage,
    totalPrice: amounts.totalPrice.toFixed(2),
    remark: p.remark ?? null,
    workdaySetting: p.workdaySetting,
    bedside: p.bedside,
    shortLong: p.shortLong,
    equipmentId: p.equipmentId ?? null,
    linkName: p.linkName ?? null,
    linkPrice: decimal(p.linkPrice, 2),
    linkMethod: p.linkMethod ?? null,
  };
}

/**
 * Prescribes projects to an active course (POST /sys/treatment/savRecipe, and another module's use case through the
 * face: an accepted remote-consultation proposal joins its unit of work with `outer`).
 */
export async function saveRecipe(
  host: UnitOfWorkHost,
  scope: Scope,
  treatmentId: number,
  projects: ProjectInput[],
  outer?: UnitOfWork,
) {
  return runUnitOfWork(
    host,
    async ({ tx, emit }) => {
      const course = await courseOf(tx, scope, treatmentId, true);
      if (course.status !== CourseStatus.active) throw conflict('patient.courseNotActive');
      for (const [i, p] of projects.entries()) await checkProjectRefs(tx, scope, p, `projects.${i}.`);
      // a project prescribed without a therapist goes to the course's therapist (the one the patient was registered
      // with), while that person is still a therapist of the organization: prescribed work reaches someone
      const fallback =
        course.therapistId !== null && (await hasOrgRole(tx, course.therapistId, RoleId.therapist, scope))
          ? course.therapistId
          : undefined;
      const rows = await tx
        .insert(treatmentProjects)
        .values(
          projects
            .map((p) => (p.therapistId === undefined || p.therapistId === null ? { ...p, therapistId: fallback } : p))
            .map((p) => ({
              ...projectValues(p),
              treatOfficeId: course.officeId,
              organizationId: scope.organizationId,
              patientId: course.patientId,
              treatmentId,
              createdBy: scope.userId,
              updatedBy: scope.userId,
            })),
        )
        .returning({ id: treatmentProjects.id });
      const ids = rows.map((r) => r.id);
      await emit('patients.projectsPrescribed', { scope, projectIds: ids });
      return ids;
    },
    outer,
  );
}

async function projectsOf(tx: TxOrDb, scope: Scope, ids: number[]) {
  const rows = await tx
    .select()
    .from(treatmentProjects)
    .where(and(eq(treatmentProjects.organizationId, scope.organizationId), inArray(treatmentProjects.id, ids)))
    .for('update');
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

export async function updateProject(host: UnitOfWorkHost, scope: Scope, id: number, p: ProjectInput) {
  await runUnitOfWork(host, async ({ tx, emit }) => {
    const [row] = await projectsOf(tx, scope, [id]);
    if (row!.status !== ProjectStatus.inProgress) throw conflict('patient.projectNotInProgress');
    await checkProjectRefs(tx, scope, p, '');
    await tx
      .update(treatmentProjects)
      .set({ ...projectValues(p), updatedAt: clockNow(), updatedBy: scope.userId })
      .where(eq(treatmentProjects.id, id));
    await emit('patients.projectsChanged', { scope, projectIds: [id] });
  });
}

/** Batch end (completed) or disable: all named projects must be in progress, else nothing changes (409). */
export async function setProjectsStatus(host: UnitOfWorkHost, scope: Scope, ids: number[], status: 2 | 3) {
  await runUnitOfWork(host, async ({ tx, emit }) => {
    const rows = await projectsOf(tx, scope, ids);
    if (rows.some((r) => r.status !== ProjectStatus.inProgress)) throw conflict('patient.endProjectsFailed');
    const now = clockNow();
    await tx
      .update(treatmentProjects)
      .set({
        status,
        disabledAt: status === ProjectStatus.disabled ? now : null,
        updatedAt: now,
        updatedBy: scope.userId,
      })
      .where(inArray(treatmentProjects.id, ids));
    await emit('patients.projectsChanged', { scope, projectIds: ids });
  });
}

/**
 * Gives projects that have neither a therapist nor a therapist group one of the two; a project that already has
 * one (or is not in progress) refuses all with 409 'Assignment failed!'.
 */
export async function assignTherapist(
  host: UnitOfWorkHost,
  scope: Scope,
  ids: number[],
  to: { therapistId?: number; teamId?: number },
) {
  await runUnitOfWork(host, async ({ tx, emit }) => {
    const rows = await projectsOf(tx, scope, ids);
    await checkStaff(tx, to.therapistId, RoleId.therapist, scope, 'therapistId');
    if (to.teamId !== undefined) await checkTeam(tx, scope, to.teamId);
    if (rows.some((r) => r.therapistId !== null || r.teamId !== null || r.status !== ProjectStatus.inProgress))
      throw conflict('patient.assignFailed');
    await tx
      .update(treatmentProjects)
      .set({
        therapistId: to.therapistId ?? null,
        teamId: to.teamId ?? null,
        updatedAt: clockNow(),
        updatedBy: scope.userId,
      })
      .where(inArray(treatmentProjects.id, ids));
    await emit('patients.projectsChanged', { scope, projectIds: ids });
  });
}

/** A therapist group of the organization that is in use (400 on `teamId` otherwise). */
async function checkTeam(tx: TxOrDb, scope: Scope, teamId: number) {
  if (!(await isActiveTeam(tx, scope.organizationId, teamId))) throw bad('plan.teamNotInOrganization', 'teamId');
}

/** The organization's therapist groups in use, for the assignment picker. */
export async function teamsOf(db: Db, scope: Scope) {
  return activeTeamsOf(db, scope.organizationId, scope.locale);
}

const projectTherapist = userNameRows('project_therapist');
const projectTeam = teamNameRows('project_team');
const execOffice = officeNameRows('exec_office');

export async function listProjects(db: Db, scope: Scope, patientId: number, treatmentId: number, type: 1 | 2) {
  const course = await courseOf(db, scope, treatmentId);
  if (course.patientId !== patientId) throw notFound();
  const rows = await db
    .select({
      project: treatmentProjects,
      therapistName: projectTherapist.name,
      teamName: localNameSql<string | null>(scope.locale, projectTeam.name, projectTeam.nameEn),
      execOfficeName: execOffice.name,
      execOfficeNameLang: execOffice.nameLang,
      partName: rowNameSql('part', treatmentProjects.partId, scope.locale),
      equipmentName: rowNameSql('equipment', treatmentProjects.equipmentId, scope.locale),
      // the unit is kept as text (the prescriber's words): the organization's unit of that name names it
      unitName: unitNameOfTextSql(treatmentProjects.organizationId, treatmentProjects.unitName, scope.locale),
    })
    .from(treatmentProjects)
    .leftJoin(projectTherapist, eq(projectTherapist.id, treatmentProjects.therapistId))
    .leftJoin(projectTeam, eq(projectTeam.id, treatmentProjects.teamId))
    .innerJoin(execOffice, eq(execOffice.id, treatmentProjects.execOfficeId))
    .where(
      and(
        eq(treatmentProjects.treatmentId, treatmentId),
        type === 1 ? eq(treatmentProjects.status, ProjectStatus.inProgress) : undefined,
      ),
    )
    .orderBy(asc(treatmentProjects.status), asc(treatmentProjects.id));
  return rows.map((r) => ({
    ...r.project,
    unitName: r.unitName,
    unitPrice: Number(r.project.unitPrice),
    totalPrice: Number(r.project.totalPrice),
    linkPrice: num(r.project.linkPrice),
    therapistName: r.therapistName,
    teamName: r.teamName,
    execOfficeName: (r.execOfficeNameLang as Record<string, string>)[scope.locale] ?? r.execOfficeName,
    partName: r.partName as string | null,
    equipmentName: r.equipmentName as string | null,
  }));
}

export async function getProject(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({ patientId: treatmentProjects.patientId, treatmentId: treatmentProjects.treatmentId })
    .from(treatmentProjects)
    .where(and(eq(treatmentProjects.id, id), eq(treatmentProjects.organizationId, scope.organizationId)))
    .limit(1);
  if (!row) throw notFound();
  const list = await listProjects(db, scope, row.patientId, row.treatmentId, 2);
  return list.find((p) => p.id === id)!;
}

/** Projects in progress of active courses with neither a therapist nor a group, optionally of some executing offices. */
export async function unassignedCount(db: TxOrDb, organizationId: number, officeIds?: number[]) {
  // kept by the triggers of migration 0044 (issue 23: a count over the projects read tens of thousands of rows)
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unassignedCounts.n}), 0)::int` })
    .from(unassignedCounts)
    .where(
      and(
        eq(unassignedCounts.organizationId, organizationId),
        officeIds?.length ? inArray(unassignedCounts.execOfficeId, officeIds) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

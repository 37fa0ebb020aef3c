import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  ChargeSource,
  PayStatus,
  RevenueCategory,
  decimalToFen,
  nextPayStatus,
  type Billable,
  type ChargeCreateInput,
  type ChargeItemInput,
} from '@rehab/shared';
import type { Tx, TxOrDb } from '../../db/client';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { localName } from '../../kernel/local-name';
import { masterRow } from '../master-data';
import { coursesOfPatient, patientCard, projectFact, projectsOfPatient, type ProjectFact } from '../patients';
import { packagePaid, packageValidUntil, projectNamer } from './billing.packages';
import { completedWorkOrdersOfPatient, workOrderFact } from '../work-orders';
import { billCharges, billEntitlements } from './billing.tables';
import {
  invalid,
  liveChargesOfProject,
  lockProject,
  missing,
  refused,
  type Scope,
  type BillingHost,
} from './billing.kernel';

type NewCharge = typeof billCharges.$inferInsert;

/** The patient of the organization, or 404. */
export async function patientOrMissing(db: TxOrDb, scope: Scope, patientId: number) {
  const p = await patientCard(db, scope.organizationId, patientId);
  if (!p) throw missing('patientNotFound');
  return p;
}

/** The English name of the template a project was prescribed from, or null (none filled in, or no template). */
async function templateNameEn(tx: Tx, organizationId: number, p: ProjectFact) {
  if (p.templateId === null) return null;
  const t = await masterRow(tx, 'projectTemplate', organizationId, p.templateId);
  return (t?.nameEn as string | null | undefined) || null;
}

/** One charge line of an input item, priced now (the price is the line's (and its English name) from then on). */
async function lineOf(
  tx: Tx,
  scope: Scope,
  patientId: number,
  item: ChargeItemInput,
  at: Date,
): Promise<NewCharge & { entitlement?: { packageId: number; sessions: number; validDays: number | null } }> {
  const base = {
    organizationId: scope.organizationId,
    patientId,
    createdBy: scope.userId,
    createdAt: at,
    updatedAt: at,
  };
  switch (item.sourceType) {
    case 'registration': {
      const course = (await coursesOfPatient(tx, scope.organizationId, patientId)).find(
        (c) => c.id === item.treatmentId,
      );
      if (!course) throw missing('courseNotFound');
      const type = await masterRow(tx, 'registered', scope.organizationId, item.registeredId);
      if (!type || type.status !== 1) throw invalid('registeredNotFound');
      const fee = decimalToFen(type.fee as string | null);
      if (!fee) throw invalid('registeredNoFee', { name: String(type.name) });
      return {
        ...base,
        treatmentId: course.id,
        sourceType: 'registration',
        sourceId: course.id,
        name: `挂号费（${String(type.name)}）`,
        nameEn: `Registration fee (${String(type.nameEn || type.name)})`,
        category: RevenueCategory.registration,
        unitPriceFen: fee,
        quantity: 1,
        amountFen: fee,
      };
    }
    case 'project': {
      const p = await projectFact(tx, scope.organizationId, item.projectId);
      if (!p || p.patientId !== patientId) throw missing('projectNotFound');
      await lockProject(tx, p.id);
      if ((await liveChargesOfProject(tx, scope, p.id)).some((c) => c.sourceType === ChargeSource.workOrder))
        throw refused('projectChargedPerSession', { name: p.name });
      if ((await packagePaid(tx, { projectIds: [p.id] })).projects.size)
        throw refused('projectOnPackage', { name: p.name });
      const unit = decimalToFen(p.unitPrice)!;
      return {
        ...base,
        treatmentId: p.treatmentId,
        sourceType: 'project',
        sourceId: p.id,
        projectId: p.id,
        name: p.name,
        nameEn: await templateNameEn(tx, scope.organizationId, p),
        category: RevenueCategory.treatment,
        unitPriceFen: unit,
        quantity: p.totalDosage,
        amountFen: unit * p.totalDosage,
      };
    }
    case 'workOrder': {
      const o = await workOrderFact(tx, scope.organizationId, item.workOrderId);
      if (!o || o.patientId !== patientId) throw missing('workOrderNotFound');
      if (o.status !== 3) throw refused('workOrderNotCompleted');
      const p = (await projectFact(tx, scope.organizationId, o.projectId))!;
      await lockProject(tx, p.id);
      if ((await liveChargesOfProject(tx, scope, p.id)).some((c) => c.sourceType === ChargeSource.project))
        throw refused('projectChargedPerCourse', { name: p.name });
      if ((await packagePaid(tx, { workOrderIds: [o.id] })).workOrders.size)
        throw refused('packageSessionUsed', { name: `${p.name}（${o.treatDate}）` });
      const unit = decimalToFen(p.unitPrice)!;
      return {
        ...base,
        treatmentId: o.treatmentId,
        sourceType: 'workOrder',
        sourceId: o.id,
        projectId: p.id,
        name: `${p.name}（${o.treatDate}）`,
        nameEn: await templateNameEn(tx, scope.organizationId, p).then((en) => en && `${en} (${o.treatDate})`),
        category: RevenueCategory.treatment,
        unitPriceFen: unit,
        quantity: p.quantity,
        amountFen: unit * p.quantity,
      };
    }
    case 'package': {
      const pkg = await masterRow(tx, 'treatPackage', scope.organizationId, item.packageId);
      if (!pkg || pkg.status !== 1) throw invalid('packageNotFound');
      const price = decimalToFen(pkg.price as string)!;
      // a package is sold to a patient any number of times: its source is the sale, not the package
      return {
        ...base,
        sourceType: 'package',
        sourceId: null,
        name: String(pkg.name),
        nameEn: (pkg.nameEn as string | null) || null,
        category: RevenueCategory.package,
        unitPriceFen: price,
        quantity: 1,
        amountFen: price,
        entitlement: {
          packageId: item.packageId,
          sessions: Number(pkg.times),
          validDays: pkg.validDays === null ? null : Number(pkg.validDays),
        },
      };
    }
    case 'manual':
      return {
        ...base,
        sourceType: 'manual',
        sourceId: null,
        name: item.name,
        category: RevenueCategory.other,
        unitPriceFen: item.unitPrice,
        quantity: item.quantity,
        amountFen: item.unitPrice * item.quantity,
      };
  }
}

/**
 * Puts charge lines on a patient's bill, all or none. A registration, project or work order already on the bill
 * (not voided) is refused by name, also when two saves race (the unique index decides).
 */
export async function createCharges(app: BillingHost, scope: Scope, input: ChargeCreateInput) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    await patientOrMissing(tx, scope, input.patientId);
    const ids: number[] = [];
    for (const item of input.items) {
      const { entitlement, ...line } = await lineOf(tx, scope, input.patientId, item, now);
      const [row] = await tx.insert(billCharges).values(line).onConflictDoNothing().returning({ id: billCharges.id });
      if (!row) throw refused('alreadyCharged', { name: line.name });
      ids.push(row.id);
      if (entitlement) {
        await tx.insert(billEntitlements).values({
          organizationId: scope.organizationId,
          patientId: input.patientId,
          chargeId: row.id,
          packageId: entitlement.packageId,
          name: line.name,
          sessionsTotal: entitlement.sessions,
          pricePerSessionFen: Math.floor(line.amountFen / entitlement.sessions),
          validUntil: packageValidUntil(now, entitlement.validDays),
        });
      }
    }
    return ids;
  });
}

/** Voids an unpaid charge (with the reason): it leaves the bill and its source can be charged again. */
export async function voidCharge(app: BillingHost, scope: Scope, id: number, reason: string) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const [c] = await tx
      .select()
      .from(billCharges)
      .where(and(eq(billCharges.id, id), eq(billCharges.organizationId, scope.organizationId)))
      .for('update');
    if (!c) throw missing('chargeNotFound');
    const next = nextPayStatus(c.payStatus, 'void');
    if (next === null || c.sourceType === 'discount' || c.sourceType === 'rounding') throw refused('notVoidable');
    await tx
      .update(billCharges)
      .set({ payStatus: next, voidReason: reason, updatedAt: now })
      .where(eq(billCharges.id, id));
  });
}

/**
 * What of the patient can be charged and is not on the bill: the registration of each course, each prescribed
 * project (the whole course) not charged per session, and each completed work order (one session) of a project not
 * charged per course.
 */
export async function billables(
  db: TxOrDb,
  scope: Scope,
  patientId: number,
  treatmentId?: number,
): Promise<Billable[]> {
  const [courses, projects, orders, charged] = await Promise.all([
    coursesOfPatient(db, scope.organizationId, patientId),
    projectsOfPatient(db, scope.organizationId, patientId, treatmentId),
    completedWorkOrdersOfPatient(db, scope.organizationId, patientId),
    db
      .select({ sourceType: billCharges.sourceType, sourceId: billCharges.sourceId, projectId: billCharges.projectId })
      .from(billCharges)
      .where(
        and(
          eq(billCharges.organizationId, scope.organizationId),
          eq(billCharges.patientId, patientId),
          ne(billCharges.payStatus, PayStatus.voided),
          inArray(billCharges.sourceType, ['registration', 'project', 'workOrder']),
        ),
      ),
  ]);
  const has = (type: string, id: number) => charged.some((c) => c.sourceType === type && c.sourceId === id);
  const [projectName, onPackage] = await Promise.all([
    projectNamer(db, scope, projects),
    packagePaid(db, { workOrderIds: orders.map((o) => o.id), projectIds: projects.map((p) => p.id) }),
  ]);
  const perCourse = new Set(charged.filter((c) => c.sourceType === 'project').map((c) => c.projectId));
  const perSession = new Set(charged.filter((c) => c.sourceType === 'workOrder').map((c) => c.projectId));
  const out: Billable[] = [];
  for (const c of courses) {
    if (c.status === 4 || (treatmentId && c.id !== treatmentId) || has('registration', c.id)) continue;
    out.push({
      sourceType: 'registration',
      sourceId: c.id,
      treatmentId: c.id,
      name: localName(scope.locale, '挂号费', 'Registration fee'),
      unitPriceFen: null,
      quantity: 1,
      amountFen: null,
      detail: c.registerTime.toISOString(),
    });
  }
  const projectById = new Map(projects.map((p) => [p.id, p]));
  for (const p of projects) {
    if (p.status === 3 || perCourse.has(p.id) || perSession.has(p.id) || onPackage.projects.has(p.id)) continue;
    const unit = decimalToFen(p.unitPrice)!;
    out.push({
      sourceType: 'project',
      sourceId: p.id,
      treatmentId: p.treatmentId,
      name: projectName(p),
      unitPriceFen: unit,
      quantity: p.totalDosage,
      amountFen: unit * p.totalDosage,
      detail: p.unitName,
    });
  }
  for (const o of orders) {
    const p = projectById.get(o.projectId);
    if (
      !p ||
      perCourse.has(p.id) ||
      has('workOrder', o.id) ||
      onPackage.workOrders.has(o.id) ||
      (treatmentId && o.treatmentId !== treatmentId)
    )
      continue;
    const unit = decimalToFen(p.unitPrice)!;
    out.push({
      sourceType: 'workOrder',
      sourceId: o.id,
      treatmentId: o.treatmentId,
      name: projectName(p),
      unitPriceFen: unit,
      quantity: p.quantity,
      amountFen: unit * p.quantity,
      detail: o.treatDate,
    });
  }
  return out;
}

import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  ChargeSource,
  RevenueCategory,
  decimalToFen,
  daysBetween,
  leaseRent,
  type LeaseRow,
  type leasePageQuerySchema,
  type leaseReturnSchema,
  type leaseSaveSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { pgCode } from '../../db/pg-error';
import { badRequest, conflict, notFound } from '../../http/errors';
import { clinicToday } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { chargeSource, sourceLines, voidSourceIfUnpaid } from '../billing';
import { masterRow, masterRows, rowNames } from '../master-data';
import { patientIdsMatching, patientNames, patientOfOrganization } from '../patients';
import { leases } from './leases.tables';

export type LeaseScope = { organizationId: number; userId: number };

type Lease = typeof leases.$inferSelect;

/** The bill line's names (Chinese and English) of a lease's deposit or rent, after the equipment. */
function leaseLineNames(equipment: Record<string, unknown> | null | undefined, line: 'deposit' | 'rent') {
  const zh = String(equipment?.name ?? '');
  const en = String(equipment?.nameEn || zh);
  return line === 'deposit'
    ? { name: `租赁押金（${zh}）`.slice(0, 100), nameEn: `Lease deposit (${en})`.slice(0, 120) }
    : { name: `设备租金（${zh}）`.slice(0, 100), nameEn: `Equipment rent (${en})`.slice(0, 120) };
}

type LeaseBill = { deposit?: number; rent?: number };

function rowOf(l: Lease, patientName: string, equipmentName: string, today: string, bill: LeaseBill): LeaseRow {
  const until = l.returnedOn ?? today;
  const { days, rentFen } = leaseRent(l.startOn, until, l.dailyPriceFen);
  return {
    id: l.id,
    patientId: l.patientId,
    patientName,
    equipmentId: l.equipmentId,
    equipmentName,
    startOn: l.startOn,
    plannedReturnOn: l.plannedReturnOn,
    returnedOn: l.returnedOn,
    status: l.status,
    dailyPriceFen: l.dailyPriceFen,
    depositFen: l.depositFen,
    days,
    rentFen: l.rentFen ?? rentFen,
    lateDays: Math.max(0, daysBetween(l.plannedReturnOn, until)),
    remark: l.remark,
    depositPayStatus: bill.deposit ?? null,
    rentPayStatus: bill.rent ?? null,
  };
}

async function rowsOf(db: TxOrDb, organizationId: number, list: Lease[]) {
  const today = clinicToday();
  const ids = list.map((l) => l.id);
  const [patients, equipment, deposits, rents] = await Promise.all([
    patientNames(
      db,
      organizationId,
      list.map((l) => l.patientId),
    ),
    rowNames(db, 'equipment', [...new Set(list.map((l) => l.equipmentId))]),
    sourceLines(db, organizationId, ChargeSource.leaseDeposit, ids),
    sourceLines(db, organizationId, ChargeSource.lease, ids),
  ]);
  const equipmentNames = new Map(equipment.map((e) => [e.id, e.name]));
  return list.map((l) =>
    rowOf(l, patients.get(l.patientId) ?? '', equipmentNames.get(l.equipmentId) ?? '', today, {
      deposit: deposits.get(l.id)?.payStatus,
      rent: rents.get(l.id)?.payStatus,
    }),
  );
}

/** The organization's leases: overdue first, then those out, then the newest. */
export async function listLeases(app: AppContext, scope: LeaseScope, q: z.output<typeof leasePageQuerySchema>) {
  const where: SQL[] = [eq(leases.organizationId, scope.organizationId)];
  if (q.patientName) {
    const ids = await patientIdsMatching(app.db, scope.organizationId, q.patientName);
    if (!ids.length) return { list: [], total: 0 };
    where.push(inArray(leases.patientId, ids));
  }
  if (q.status) where.push(eq(leases.status, q.status));
  const cond = and(...where)!;
  const [list, [n]] = await Promise.all([
    app.db
      .select()
      .from(leases)
      .where(cond)
      .orderBy(sql`CASE ${leases.status} WHEN 'overdue' THEN 0 WHEN 'leased' THEN 1 ELSE 2 END`, desc(leases.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    app.db.select({ n: count() }).from(leases).where(cond),
  ]);
  return { list: await rowsOf(app.db, scope.organizationId, list), total: Number(n?.n ?? 0) };
}

/** Enabled equipment of the organization with its daily lease price (null: no price, cannot be leased), not out. */
export async function leasableEquipment(app: AppContext, scope: LeaseScope) {
  const out = await app.db
    .select({ id: leases.equipmentId })
    .from(leases)
    .where(and(eq(leases.organizationId, scope.organizationId), inArray(leases.status, ['leased', 'overdue'])));
  const taken = new Set(out.map((o) => o.id));
  return (await masterRows(app.db, 'equipment', scope.organizationId))
    .filter((e) => e.status === 1 && !taken.has(e.id as number))
    .map((e) => ({
      id: e.id as number,
      name: String(e.name),
      dailyPriceFen: decimalToFen(e.leasePrice as string | null),
    }));
}

export async function saveLease(app: AppContext, scope: LeaseScope, v: z.output<typeof leaseSaveSchema>) {
  await patientOfOrganization(app.db, scope.organizationId, v.patientId);
  const equipment = await masterRow(app.db, 'equipment', scope.organizationId, v.equipmentId);
  if (!equipment) throw notFound('lease.equipmentNotFound');
  if (equipment.status !== 1) throw badRequest('lease.equipmentDisabled', { name: String(equipment.name) });
  const dailyPriceFen = decimalToFen(equipment.leasePrice as string | null);
  if (!dailyPriceFen) throw badRequest('lease.noPrice', { name: String(equipment.name) });
  try {
    return await runUnitOfWork(app, async ({ tx, now }) => {
      const [row] = await tx
        .insert(leases)
        .values({
          organizationId: scope.organizationId,
          ...v,
          status: 'leased',
          dailyPriceFen,
          createdBy: scope.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: leases.id });
      // the deposit is taken at the till: a line on the patient's bill from now on
      if (v.depositFen > 0)
        await chargeSource(
          tx,
          {
            organizationId: scope.organizationId,
            patientId: v.patientId,
            sourceType: ChargeSource.leaseDeposit,
            sourceId: row!.id,
            ...leaseLineNames(equipment, 'deposit'),
            category: RevenueCategory.deposit,
            unitPriceFen: v.depositFen,
            quantity: 1,
            createdBy: scope.userId,
          },
          now,
        );
      return { id: row!.id };
    });
  } catch (err) {
    if (pgCode(err) === '23505') throw conflict('lease.equipmentOut', { name: String(equipment.name) });
    throw err;
  }
}

/** Takes the equipment back: the rent is settled from the start to the return day, the lease is returned. */
export async function returnLease(app: AppContext, scope: LeaseScope, v: z.output<typeof leaseReturnSchema>) {
  const id = await runUnitOfWork(app, async ({ tx, now }) => {
    const [l] = await tx
      .select()
      .from(leases)
      .where(and(eq(leases.id, v.id), eq(leases.organizationId, scope.organizationId)))
      .for('update');
    if (!l) throw notFound('lease.notFound');
    if (l.status === 'returned') throw conflict('lease.alreadyReturned');
    if (v.returnedOn < l.startOn) throw badRequest('lease.returnedBeforeStart');
    if (v.returnedOn > clinicToday(now)) throw badRequest('lease.returnInFuture');
    const { days, rentFen } = leaseRent(l.startOn, v.returnedOn, l.dailyPriceFen);
    await tx
      .update(leases)
      .set({ status: 'returned', returnedOn: v.returnedOn, rentFen, returnedBy: scope.userId, updatedAt: now })
      .where(eq(leases.id, l.id));
    // the rent goes on the patient's bill, a day a unit at the daily price the lease was made at
    const equipment = await masterRow(tx, 'equipment', scope.organizationId, l.equipmentId);
    await chargeSource(
      tx,
      {
        organizationId: scope.organizationId,
        patientId: l.patientId,
        sourceType: ChargeSource.lease,
        sourceId: l.id,
        ...leaseLineNames(equipment, 'rent'),
        category: RevenueCategory.lease,
        unitPriceFen: l.dailyPriceFen,
        quantity: days,
        createdBy: scope.userId,
      },
      now,
    );
    // a deposit never paid leaves the bill; a paid one is given back through a refund at the till
    await voidSourceIfUnpaid(
      tx,
      scope.organizationId,
      { sourceType: ChargeSource.leaseDeposit, sourceId: l.id },
      '设备已归还 / equipment returned',
      now,
    );
    return l.id;
  });
  const [l] = await app.db.select().from(leases).where(eq(leases.id, id));
  return (await rowsOf(app.db, scope.organizationId, [l!]))[0]!;
}

/** The overdue job: leases still out after their planned return day become overdue. Answers how many. */
export async function markOverdue(app: AppContext, now: Date): Promise<number> {
  const rows = await app.db
    .update(leases)
    .set({ status: 'overdue', updatedAt: now })
    .where(and(eq(leases.status, 'leased'), lt(leases.plannedReturnOn, clinicToday(now))))
    .returning({ id: leases.id });
  return rows.length;
}

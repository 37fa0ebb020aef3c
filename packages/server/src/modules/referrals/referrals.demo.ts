import { eq } from 'drizzle-orm';
import { RoleId, type ReferralStatusCode } from '@rehab/shared';
import type { DemoContext } from '../../kernel/module';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { patientsInTreatment } from '../patients';
import { staffWithRoles } from '../roles';
import { officesOfOrganization } from '../offices';
import { crossOrgSettingsOf, materialSnapshots } from '../telemedicine';
import { moveTreatment } from './referrals.service';
import { referralHistory, referralMaterials, referrals } from './referrals.tables';

type Step = { action: string; to: ReferralStatusCode; by: 'doctor' | 'receiver' };

const PATHS: { status: ReferralStatusCode; reason: string; steps: Step[] }[] = [
  {
    status: 'requested',
    reason: '需社区继续康复训练 / continued training in the community',
    steps: [],
  },
  {
    status: 'accepted',
    reason: '出院后转社区康复 / community rehabilitation after discharge',
    steps: [
      { action: 'receive', to: 'received', by: 'receiver' },
      { action: 'accept', to: 'accepted', by: 'receiver' },
    ],
  },
  {
    status: 'completed',
    reason: '就近康复 / rehabilitation closer to home',
    steps: [
      { action: 'receive', to: 'received', by: 'receiver' },
      { action: 'accept', to: 'accepted', by: 'receiver' },
      { action: 'arrive', to: 'arrived', by: 'receiver' },
      { action: 'complete', to: 'completed', by: 'receiver' },
    ],
  },
];

/**
 * Referrals from the demo hospital to the related community centre in several states (one waiting, one accepted,
 * one completed), each with the patient card and the course attached. The telemedicine demo switched the product on
 * in both organizations. The last patients in treatment are used, so that the first ones stay free to refer.
 */
export async function seedDemoReferrals(ctx: DemoContext) {
  const [from, to] = await ctx.organizationIds();
  if (!from || !to) return;
  const [doctor] = await staffWithRoles(ctx.db, from, [RoleId.doctor], { order: 'id' });
  const [receiver] = await staffWithRoles(ctx.db, to, [RoleId.doctor], { order: 'id' });
  const inTreatment = await patientsInTreatment(ctx.db, from, 50);
  const patientIds = inTreatment.slice(-PATHS.length);
  if (!doctor || !receiver || patientIds.length < PATHS.length) return;
  const { retentionDays } = await crossOrgSettingsOf(ctx.db, from);
  const hour = 3_600_000;
  await runUnitOfWork(ctx.host, async ({ tx, now }) => {
    for (const [i, path] of PATHS.entries()) {
      const patientId = patientIds[i]!;
      const snapshots = (await materialSnapshots(tx, from, patientId, 'zh-CN')) ?? [];
      const course = snapshots.find((s) => s.kind === 'treatment');
      if (!course) continue;
      const start = new Date(now.getTime() - (PATHS.length - i) * 30 * hour);
      const at = (k: number) => new Date(start.getTime() + k * hour);
      const [row] = await tx
        .insert(referrals)
        .values({
          fromOrganizationId: from,
          toOrganizationId: to,
          patientId,
          treatmentId: course.refId,
          reason: path.reason,
          status: path.status,
          receiverId: path.steps.length ? receiver.id : null,
          retentionDays,
          endedAt: path.status === 'completed' ? at(path.steps.length) : null,
          createdBy: doctor.id,
          createdAt: start,
          updatedAt: at(path.steps.length),
        })
        .returning({ id: referrals.id });
      const id = row!.id;
      const attached = snapshots.filter((s) => s.kind === 'patient' || s === course);
      await tx.insert(referralMaterials).values(attached.map((s) => ({ referralId: id, ...s, createdAt: start })));
      await tx
        .insert(referralHistory)
        .values({ referralId: id, action: 'request', toStatus: 'requested', actorId: doctor.id, at: start });
      let prev: ReferralStatusCode = 'requested';
      for (const [k, s] of path.steps.entries()) {
        await tx.insert(referralHistory).values({
          referralId: id,
          action: s.action,
          fromStatus: prev,
          toStatus: s.to,
          actorId: s.by === 'doctor' ? doctor.id : receiver.id,
          at: at(k + 1),
        });
        prev = s.to;
      }
    }
  });
  await seedDemoTransfer(
    ctx,
    { from, to, doctorId: doctor.id, receiverId: receiver.id, retentionDays },
    inTreatment.at(-PATHS.length - 1),
  );
}

/**
 * One transfer of treatment from the demo hospital to the community centre, accepted: its course's plan moved to a
 * new course at the centre (the patient before those of the referrals). Its own unit of work: demo data whose
 * reference rows do not match across the two organizations leaves the transfer out rather than the referrals.
 */
async function seedDemoTransfer(
  ctx: DemoContext,
  v: { from: number; to: number; doctorId: number; receiverId: number; retentionDays: number },
  patientId: number | undefined,
) {
  if (!patientId) return;
  const [office] = await officesOfOrganization(ctx.db, v.to, 'zh-CN');
  if (!office) return;
  const hour = 3_600_000;
  try {
    await runUnitOfWork(ctx.host, async (uow) => {
      const { tx, now } = uow;
      const snapshots = (await materialSnapshots(tx, v.from, patientId, 'zh-CN')) ?? [];
      const course = snapshots.find((s) => s.kind === 'treatment');
      if (!course) return;
      const start = new Date(now.getTime() - 4 * hour);
      const [row] = await tx
        .insert(referrals)
        .values({
          kind: 'transfer',
          fromOrganizationId: v.from,
          toOrganizationId: v.to,
          toOfficeId: office.id,
          patientId,
          treatmentId: course.refId,
          reason: '出院后转社区继续康复治疗 / treatment continued in the community after discharge',
          status: 'accepted',
          receiverId: v.receiverId,
          retentionDays: v.retentionDays,
          createdBy: v.doctorId,
          createdAt: start,
          updatedAt: now,
        })
        .returning();
      const id = row!.id;
      const attached = snapshots.filter((s) => s.kind === 'patient' || s === course);
      await tx.insert(referralMaterials).values(attached.map((s) => ({ referralId: id, ...s, createdAt: start })));
      const steps: [string, string | null, string, number, Date][] = [
        ['request', null, 'requested', v.doctorId, start],
        ['receive', 'requested', 'received', v.receiverId, new Date(start.getTime() + hour)],
        ['accept', 'received', 'accepted', v.receiverId, now],
      ];
      for (const [action, fromStatus, toStatus, actorId, at] of steps)
        await tx.insert(referralHistory).values({ referralId: id, action, fromStatus, toStatus, actorId, at });
      const moved = await moveTreatment(uow, row!, { userId: v.receiverId, officeId: office.id }, 'zh-CN');
      await tx.update(referrals).set(moved).where(eq(referrals.id, id));
    });
  } catch (err) {
    ctx.host.log.warn({ err: (err as Error).message }, 'demo transfer of treatment left out');
  }
}

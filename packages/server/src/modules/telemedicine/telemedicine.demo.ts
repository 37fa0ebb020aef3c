import zlib from 'node:zlib';
import { RoleId, type ConsultationStatusCode } from '@rehab/shared';
import type { DemoContext } from '../../kernel/module';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { switchProductOn } from '../organizations';
import { patientsInTreatment } from '../patients';
import { staffWithRoles } from '../roles';
import { DEFAULT_REMOTE_SETTINGS, materialSnapshots, reportSnapshot } from './telemedicine.service';
import { signRecord } from '../signatures';
import {
  consultationHistory,
  consultationMaterials,
  consultations,
  reportDrafts,
  reportReceipts,
  signedReports,
} from './telemedicine.tables';

/** A small PNG with a pen stroke (the demo's consent and signatures). */
export function strokePng(seed = 1, width = 120, height = 40): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width, 255);
    row[0] = 0;
    for (let x = 0; x < width; x++) {
      const curve = Math.round(height / 2 + Math.sin((x + seed * 7) / 9) * (height / 4));
      if (Math.abs(curve - y) <= 1) row[1 + x] = 0;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Step = { action: string; to: ConsultationStatusCode; by: 'doctor' | 'expert' | null; reason?: string };

const PATHS: { status: ConsultationStatusCode; steps: Step[]; reason: string; question: string }[] = [
  {
    status: 'submitted',
    reason: '脑卒中后偏瘫康复方案 / post-stroke hemiplegia plan',
    question:
      '患者左侧肢体肌力3级，请专家评估下一阶段训练重点。 / Left-side strength grade 3: what should the next phase focus on?',
    steps: [{ action: 'submit', to: 'submitted', by: 'doctor' }],
  },
  {
    status: 'accepted',
    reason: '膝关节置换术后功能评估 / after knee replacement',
    question:
      '术后6周屈膝受限，请评估是否需要调整方案。 / Knee flexion limited 6 weeks after surgery: adjust the plan?',
    steps: [
      { action: 'submit', to: 'submitted', by: 'doctor' },
      { action: 'receive', to: 'received', by: 'expert' },
      { action: 'accept', to: 'accepted', by: 'expert' },
    ],
  },
  {
    status: 'signed',
    reason: '吞咽障碍会诊 / dysphagia',
    question: '洼田饮水试验3级，请指导吞咽训练。 / Water swallow test grade 3: how to train swallowing?',
    steps: [
      { action: 'submit', to: 'submitted', by: 'doctor' },
      { action: 'receive', to: 'received', by: 'expert' },
      { action: 'accept', to: 'accepted', by: 'expert' },
      { action: 'start', to: 'in_progress', by: 'expert' },
      { action: 'saveReport', to: 'report_draft', by: 'expert' },
      { action: 'sign', to: 'signed', by: 'expert' },
    ],
  },
  {
    status: 'closed',
    reason: '腰椎间盘突出保守治疗 / lumbar disc herniation',
    question: '保守治疗4周疼痛无明显缓解，请会诊。 / No relief after 4 weeks of conservative care.',
    steps: [
      { action: 'submit', to: 'submitted', by: 'doctor' },
      { action: 'receive', to: 'received', by: 'expert' },
      { action: 'accept', to: 'accepted', by: 'expert' },
      { action: 'saveReport', to: 'report_draft', by: 'expert' },
      { action: 'sign', to: 'signed', by: 'expert' },
      { action: 'countersign', to: 'closed', by: 'doctor' },
    ],
  },
  {
    status: 'rejected',
    reason: '儿童发育迟缓评估 / developmental delay',
    question: '请儿童康复专家评估。 / A paediatric expert, please.',
    steps: [
      { action: 'submit', to: 'submitted', by: 'doctor' },
      { action: 'reject', to: 'rejected', by: 'expert', reason: '本中心无儿童康复专科 / no paediatric service here' },
    ],
  },
];

/**
 * Remote consultations from the demo hospital to the related community centre, one in each of several states (a
 * request waiting, one taken over, one signed, one closed with its receipt, one rejected); telemedicine switched on
 * in both organizations.
 */
export async function seedDemoTelemedicine(ctx: DemoContext) {
  const [from, to] = await ctx.organizationIds();
  if (!from || !to) return;
  await switchProductOn(ctx.db, from, 'telemedicine');
  await switchProductOn(ctx.db, to, 'telemedicine');
  const [doctor] = await staffWithRoles(ctx.db, from, [RoleId.doctor], { order: 'id' });
  const [expert] = await staffWithRoles(ctx.db, to, [RoleId.doctor], { order: 'id' });
  const patientIds = await patientsInTreatment(ctx.db, from, PATHS.length);
  if (!doctor || !expert || patientIds.length === 0) return;
  const hour = 3_600_000;
  await runUnitOfWork(ctx.host, async ({ tx, now }) => {
    for (const [i, path] of PATHS.entries()) {
      const patientId = patientIds[i % patientIds.length]!;
      const snapshots = (await materialSnapshots(tx, from, patientId, 'zh-CN')) ?? [];
      const start = new Date(now.getTime() - (PATHS.length - i) * 26 * hour);
      const ended = ['closed', 'rejected'].includes(path.status);
      const accepted = path.steps.some((s) => s.action === 'accept');
      const [row] = await tx
        .insert(consultations)
        .values({
          fromOrganizationId: from,
          toOrganizationId: to,
          patientId,
          treatmentId: snapshots.find((s) => s.kind === 'treatment')?.refId ?? null,
          reason: path.reason,
          question: path.question,
          urgency: i === 0 ? 2 : 1,
          proposedAt: new Date(start.getTime() + 48 * hour),
          scheduledAt: accepted ? new Date(start.getTime() + 50 * hour) : null,
          status: path.status,
          retentionDays: DEFAULT_REMOTE_SETTINGS.retentionDays,
          consentPng: strokePng(i + 1),
          feeItem: '普通会诊（每半小时） / routine consultation, per half hour',
          feeFen: 20000,
          rejectReason: path.steps.find((s) => s.reason)?.reason ?? null,
          deadlineAt: new Date(now.getTime() + (i + 1) * 24 * hour),
          endedAt: ended ? new Date(start.getTime() + 20 * hour) : null,
          expertId: accepted ? expert.id : null,
          version: path.steps.length + 1,
          createdBy: doctor.id,
          createdAt: start,
          updatedAt: start,
        })
        .returning({ id: consultations.id });
      const id = row!.id;
      const attached = snapshots.filter((s) => s.kind !== 'assessment').slice(0, 2);
      attached.push(...snapshots.filter((s) => s.kind === 'assessment').slice(0, 2));
      await tx
        .insert(consultationMaterials)
        .values(attached.map((s) => ({ consultationId: id, ...s, createdAt: start })));
      let from_: ConsultationStatusCode = 'draft';
      await tx.insert(consultationHistory).values({
        consultationId: id,
        action: 'initiate',
        toStatus: 'draft',
        actorId: doctor.id,
        at: start,
      });
      for (const [k, s] of path.steps.entries()) {
        await tx.insert(consultationHistory).values({
          consultationId: id,
          action: s.action,
          fromStatus: from_,
          toStatus: s.to,
          actorId: s.by === 'doctor' ? doctor.id : s.by === 'expert' ? expert.id : null,
          reason: s.reason ?? null,
          at: new Date(start.getTime() + (k + 1) * hour),
        });
        from_ = s.to;
      }
      if (path.status === 'signed' || path.status === 'closed') {
        const text = {
          findings: '患者一般情况可，相关评估结果见附带资料。 / General condition fair; see the attached assessments.',
          opinion: '建议继续当前康复方案，增加针对性训练。 / Continue the plan with targeted training.',
          advice: '每日训练2次，每次30分钟，2周后复评。 / Train twice a day, 30 minutes; reassess in 2 weeks.',
          followUp: '2周后远程复诊。 / Remote follow-up in 2 weeks.',
        };
        const at = new Date(start.getTime() + 6 * hour);
        await tx.insert(reportDrafts).values({ consultationId: id, ...text, updatedBy: expert.id, updatedAt: at });
        const [report] = await tx
          .insert(signedReports)
          .values({
            consultationId: id,
            version: 1,
            ...text,
            signatureMime: 'image/png',
            signature: strokePng(9),
            signedBy: expert.id,
            signedAt: at,
          })
          .returning();
        await signRecord(tx, {
          organizationId: to,
          kind: 'consultationReport',
          recordId: report!.id,
          label: `#${id} v1`,
          signerId: expert.id,
          snapshot: reportSnapshot(report!),
          method: 'pad',
          padImage: report!.signature,
          padMime: 'image/png',
          now: at,
        });
        if (path.status === 'closed')
          await tx
            .insert(reportReceipts)
            .values({ reportId: report!.id, userId: doctor.id, at: new Date(at.getTime() + hour) });
      }
    }
  });
}

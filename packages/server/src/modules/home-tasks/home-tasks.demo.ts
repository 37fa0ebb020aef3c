import crypto from 'node:crypto';
import type { DemoContext } from '../../kernel/module';
import { clinicToday } from '../../kernel/clock';
import { patientOptions } from '../patients';
import { homeTaskReports, homeTasks } from './home-tasks.tables';

const DAY = 86_400_000;

/**
 * A few home-training tasks for patients of the first organization, given by the demo therapist: an active one with
 * reports, an overdue one and a stopped one. Their links are random and not shown: a new link is made on the detail.
 */
export async function seedDemoHomeTasks(ctx: DemoContext, therapistId: number | null) {
  const [organizationId] = await ctx.organizationIds();
  if (!organizationId) return;
  const patients = await patientOptions(ctx.db, organizationId, '', 3);
  if (!patients.length) return;
  const day = (n: number) => clinicToday(new Date(ctx.now.getTime() + n * DAY));
  const token = () => crypto.createHash('sha256').update(crypto.randomBytes(32)).digest('hex');
  const base = { organizationId, therapistId, createdAt: ctx.now, updatedAt: ctx.now, contentId: null };
  const rows = await ctx.db
    .insert(homeTasks)
    .values([
      {
        ...base,
        patientId: patients[0]!.id,
        kind: 'exercise',
        titleZh: '桥式运动',
        titleEn: 'Bridging',
        instructions: '仰卧屈膝，抬臀保持 10 秒，每组 10 次',
        timesPerUnit: 2,
        frequencyUnit: 'day',
        startOn: day(-5),
        endOn: day(20),
        status: 'active',
        tokenHash: token(),
      },
      {
        ...base,
        patientId: patients[(1 % patients.length) as number]!.id,
        kind: 'exercise',
        titleZh: '坐站转移训练',
        titleEn: 'Sit-to-stand practice',
        instructions: '扶椅背站起坐下，每组 8 次',
        timesPerUnit: 3,
        frequencyUnit: 'week',
        startOn: day(-30),
        endOn: day(-2),
        status: 'active',
        tokenHash: token(),
      },
      {
        ...base,
        patientId: patients[(2 % patients.length) as number]!.id,
        kind: 'exercise',
        titleZh: '踝泵运动',
        titleEn: 'Ankle pumps',
        instructions: '',
        timesPerUnit: 3,
        frequencyUnit: 'day',
        startOn: day(-10),
        endOn: day(10),
        status: 'stopped',
        stopReason: '踝部肿胀，暂停训练',
        closedAt: new Date(ctx.now.getTime() - 3 * DAY),
        closedBy: therapistId,
        tokenHash: token(),
      },
    ])
    .returning({ id: homeTasks.id });
  const [active, overdue] = rows;
  await ctx.db.insert(homeTaskReports).values([
    ...[-5, -4, -3, -1].map((n) => ({ taskId: active!.id, doneOn: day(n), times: 2, note: '', reportedAt: ctx.now })),
    { taskId: active!.id, doneOn: day(0), times: 1, note: '下午腰有点酸', reportedAt: ctx.now },
    ...[-29, -27, -20, -15].map((n) => ({
      taskId: overdue!.id,
      doneOn: day(n),
      times: 1,
      note: '',
      reportedAt: ctx.now,
    })),
  ]);
}

import { Attendance, CourseStatus, MeetingStatus, ReportStatus, RoleId } from '@rehab/shared';
import type { Db } from '../../db/client';
import { firstOrganizationIds } from '../organizations';
import { roleHoldersIn } from '../roles';
import { coursesWithPatientNames } from '../patients';
import { meetingParticipants, meetings } from './meetings.tables';
import { clockNow, clockMs } from '../../kernel/clock';

const DAY = 24 * 3600 * 1000;
/** A time `days` from now at `hour`:00 of the server's clock (the demo needs one past and one coming meeting). */
const at = (days: number, hour: number) => {
  const d = new Date(clockMs() + days * DAY);
  d.setHours(hour, 0, 0, 0);
  return d;
};

/**
 * Demo meetings of the first organization: one held last week with a reviewed report, one coming up next week with
 * one participant confirmed and one still to answer. Written directly (no internal messages are sent).
 */
export async function seedDemoMeetings(db: Db) {
  const [orgId] = await firstOrganizationIds(db, 1);
  if (orgId === undefined) return;
  const org = { id: orgId };
  const staff = await roleHoldersIn(db, org.id);
  const doctor = staff.find((s) => s.roleId === RoleId.doctor)?.userId;
  const therapist = staff.find((s) => s.roleId === RoleId.therapist)?.userId;
  const admin = staff.find((s) => s.roleId === RoleId.orgAdmin)?.userId;
  if (!doctor || !therapist || !admin) return;
  const courses = await coursesWithPatientNames(db, org.id, CourseStatus.active, 2);
  if (courses.length < 2) return;
  const [first, second] = courses as [(typeof courses)[number], (typeof courses)[number]];

  const held = at(-7, 14);
  const [past] = await db
    .insert(meetings)
    .values({
      organizationId: org.id,
      patientId: first.patientId,
      treatmentId: first.treatmentId,
      theme: '入院评估讨论：康复目标与治疗计划',
      location: '康复科示教室',
      hostId: doctor,
      applicantId: doctor,
      startTime: held,
      status: MeetingStatus.finished,
      reportContent:
        '<h4>评估结论</h4><p>患者入院评估完成：Berg平衡量表 32 分（中等跌倒风险），改良Barthel指数 55 分。</p>' +
        '<h4>康复目标</h4><ul><li>4 周内实现室内助行器下独立步行</li><li>转移由中度依赖改善至监护下完成</li></ul>' +
        '<h4>治疗安排</h4><p>运动疗法每日 1 次，作业疗法每日 1 次；2 周后中期评估。</p>',
      reportStatus: ReportStatus.reviewed,
      reportUpdatedAt: new Date(held.getTime() + 2 * 3600 * 1000),
      reportSubmittedAt: new Date(held.getTime() + 2 * 3600 * 1000),
      reviewerId: admin,
      auditTime: new Date(held.getTime() + DAY),
      reviewOpinion: '同意',
      createdBy: doctor,
      updatedBy: admin,
    })
    .returning({ id: meetings.id });
  await db.insert(meetingParticipants).values([
    { meetingId: past!.id, userId: therapist, attendance: Attendance.present, respondedAt: held, presenceAt: held },
    {
      meetingId: past!.id,
      userId: admin,
      attendance: Attendance.leave,
      leaveReason: '院周会冲突',
      respondedAt: held,
    },
  ]);

  const coming = at(7, 15);
  const [next] = await db
    .insert(meetings)
    .values({
      organizationId: org.id,
      patientId: second.patientId,
      treatmentId: second.treatmentId,
      theme: '中期评估会议：步行能力与出院计划',
      location: '康复科会议室 302',
      hostId: doctor,
      applicantId: therapist,
      startTime: coming,
      createdBy: therapist,
      updatedBy: therapist,
    })
    .returning({ id: meetings.id });
  await db.insert(meetingParticipants).values([
    { meetingId: next!.id, userId: therapist, attendance: Attendance.confirmed, respondedAt: clockNow() },
    { meetingId: next!.id, userId: admin, attendance: Attendance.invited },
  ]);
}

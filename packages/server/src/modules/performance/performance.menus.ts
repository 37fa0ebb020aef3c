import { AchievementPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const { orgAdmin, therapist, doctor } = RoleId;

/**
 * Performance (绩效管理): the therapists' achievements of a month, with the drill-down to projects and sessions
 * (their routes open from the table, so they have no menu of their own), and the doctors' month (prescriptions,
 * assessments, courses opened) with its drill-down to the prescriptions. A therapist sees their own statement;
 * administrators everyone's, and close months, record rules, recompute and decide adjustments.
 */
export function performanceMenus(): BuiltinMenu[] {
  const button = (name: string, label: { 'zh-CN': string; en: string }, perm: string, orderNum: number) => ({
    key: `performance.therapist.${name}`,
    parentKey: 'performance.therapist',
    type: 2 as const,
    nameLang: label,
    perms: [perm],
    orderNum,
    grant: [orgAdmin],
  });
  return [
    {
      key: 'performance',
      type: 0,
      nameLang: text('绩效管理', 'Performance'),
      icon: 'TrophyOutlined',
      orderNum: 16,
      grant: [],
    },
    {
      key: 'performance.therapist',
      parentKey: 'performance',
      type: 1,
      nameLang: text('治疗师绩效', "Therapists' results"),
      url: '/achievement/therapist-achievement',
      icon: 'TrophyOutlined',
      perms: [AchievementPerm.view],
      orderNum: 0,
      grant: [orgAdmin, therapist],
    },
    {
      key: 'performance.doctor',
      parentKey: 'performance',
      type: 1,
      nameLang: text('医生绩效', "Doctors' results"),
      url: '/achievement/doctor-achievement',
      icon: 'SolutionOutlined',
      perms: [AchievementPerm.view],
      orderNum: 1,
      grant: [orgAdmin, doctor],
    },
    {
      key: 'performance.therapistWorkload',
      parentKey: 'performance',
      type: 1,
      nameLang: text('治疗师工作量', "Therapists' workload"),
      url: '/achievement/therapist-wordload',
      icon: 'BarChartOutlined',
      perms: [AchievementPerm.view],
      orderNum: 2,
      grant: [orgAdmin, therapist],
    },
    {
      key: 'performance.doctorWorkload',
      parentKey: 'performance',
      type: 1,
      nameLang: text('医生工作量', "Doctors' workload"),
      url: '/achievement/doctor-wordload',
      icon: 'LineChartOutlined',
      perms: [AchievementPerm.view],
      orderNum: 3,
      grant: [orgAdmin, doctor],
    },
    {
      key: 'performance.mine',
      parentKey: 'performance',
      type: 1,
      nameLang: text('我的绩效', 'My results'),
      url: '/performance/doctor',
      icon: 'UserOutlined',
      perms: [AchievementPerm.view],
      orderNum: 4,
      grant: [doctor],
    },
    {
      key: 'performance.rules',
      parentKey: 'performance',
      type: 1,
      nameLang: text('绩效规则版本', 'Rule versions'),
      url: '/achievement/rule-versions',
      icon: 'SettingOutlined',
      perms: [AchievementPerm.rules],
      orderNum: 5,
      grant: [orgAdmin],
    },
    button('all', text('查看全部人员', "Everyone's statements"), AchievementPerm.all, 1),
    button('close', text('月份结算', 'Close month'), AchievementPerm.close, 2),
    button('recompute', text('重新计算', 'Recompute'), AchievementPerm.recompute, 3),
    button('rules', text('绩效规则版本', 'Rule versions'), AchievementPerm.rules, 4),
    button('adjustRequest', text('申请调整', 'Request adjustment'), AchievementPerm.adjustRequest, 5),
    button('adjustApprove', text('审批调整', 'Decide adjustments'), AchievementPerm.adjustApprove, 6),
    button('reopenRequest', text('申请重新开放月份', 'Ask to reopen a month'), AchievementPerm.reopenRequest, 7),
    button('reopenApprove', text('审批重新开放月份', 'Decide reopening'), AchievementPerm.reopenApprove, 8),
    button('quality', text('考核系数', 'Quality coefficients'), AchievementPerm.quality, 9),
    button('publish', text('发布绩效', 'Publish statements'), AchievementPerm.publish, 10),
    button('appealAnswer', text('处理申诉', 'Answer appeals'), AchievementPerm.appealAnswer, 11),
    { ...button('appeal', text('提出申诉', 'Appeal'), AchievementPerm.appeal, 12), grant: [therapist] },
  ];
}

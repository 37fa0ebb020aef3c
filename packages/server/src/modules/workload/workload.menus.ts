import { RoleId, TeamPerm, WorkloadPerm } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const HEADS = [RoleId.orgAdmin, RoleId.doctor];
const TREATING = [RoleId.orgAdmin, RoleId.doctor, RoleId.therapist, RoleId.nurse];

/**
 * The workload screens (spec section 2: /workplace/manage, /dailyWorkload, /visualWorking/visualWorking,
 * /manageTherapist/therapist) under one directory. Every treating role sees the department's numbers; therapist
 * groups are read by administrators and doctors and maintained by administrators.
 */
export function workloadMenus(): BuiltinMenu[] {
  const button = (name: string, label: { 'zh-CN': string; en: string }, perms: string[], orderNum: number) => ({
    key: `workload.therapist.${name}`,
    parentKey: 'workload.therapist',
    type: 2 as const,
    nameLang: label,
    perms,
    orderNum,
    grant: [RoleId.orgAdmin],
  });
  return [
    {
      key: 'workload',
      type: 0,
      nameLang: text('治疗工作', 'Treatment work'),
      icon: 'FundOutlined',
      orderNum: 15,
      grant: [],
    },
    {
      key: 'workload.workplace',
      parentKey: 'workload',
      type: 1,
      nameLang: text('工作台', 'Workplace'),
      url: '/workplace/manage',
      icon: 'DesktopOutlined',
      perms: [WorkloadPerm.workplace],
      orderNum: 0,
      grant: TREATING,
    },
    {
      key: 'workload.daily',
      parentKey: 'workload',
      type: 1,
      nameLang: text('每日工作量', 'Daily workload'),
      url: '/dailyWorkload',
      icon: 'BarChartOutlined',
      perms: [WorkloadPerm.daily],
      orderNum: 1,
      grant: TREATING,
    },
    {
      key: 'workload.visual',
      parentKey: 'workload',
      type: 1,
      nameLang: text('可视化工作看板', 'Live board'),
      url: '/visualWorking/visualWorking',
      icon: 'MonitorOutlined',
      perms: [WorkloadPerm.board],
      orderNum: 2,
      grant: TREATING,
    },
    {
      key: 'workload.therapist',
      parentKey: 'workload',
      type: 1,
      nameLang: text('治疗师管理', 'Therapists'),
      url: '/manageTherapist/therapist',
      icon: 'TeamOutlined',
      perms: [TeamPerm.list, TeamPerm.info],
      orderNum: 3,
      grant: HEADS,
    },
    button('save', text('新增治疗小组', 'Add group'), [TeamPerm.save], 1),
    button('update', text('修改治疗小组', 'Edit group'), [TeamPerm.update], 2),
    button('delete', text('删除治疗小组', 'Delete group'), [TeamPerm.delete], 3),
  ];
}

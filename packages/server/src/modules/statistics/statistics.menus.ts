import { RoleId, StatisticsPerm } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
/** organization administrators and doctors (department heads) read every statistics screen */
const HEADS = [RoleId.orgAdmin, RoleId.doctor];
/** finance reads the money screens */
const MONEY = [RoleId.orgAdmin, RoleId.doctor, RoleId.finance];

/**
 * The statistics screens (spec section 2, /dataStatistical/*) under one directory 数据统计. Only the screens built
 * are listed; the detail routes open from their load screens and carry no menu of their own.
 */
export function statisticsMenus(): BuiltinMenu[] {
  return [
    {
      key: 'statistics',
      type: 0,
      nameLang: text('数据统计', 'Statistics'),
      icon: 'LineChartOutlined',
      orderNum: 40,
      grant: [],
    },
    {
      key: 'statistics.operations',
      parentKey: 'statistics',
      type: 1,
      nameLang: text('运营数据', 'Operations'),
      url: '/dataStatistical/operational-data',
      icon: 'DashboardOutlined',
      perms: [StatisticsPerm.operations],
      orderNum: 0,
      grant: MONEY,
    },
    {
      key: 'statistics.office',
      parentKey: 'statistics',
      type: 1,
      nameLang: text('科室工作量', 'Department workload'),
      url: '/dataStatistical/officeWorkLoad',
      icon: 'BarChartOutlined',
      perms: [StatisticsPerm.workload],
      orderNum: 1,
      grant: HEADS,
    },
    {
      key: 'statistics.therapist',
      parentKey: 'statistics',
      type: 1,
      nameLang: text('治疗师工作量', 'Therapist workload'),
      url: '/dataStatistical/therapistWorkLoad',
      icon: 'TeamOutlined',
      perms: [StatisticsPerm.workload],
      orderNum: 2,
      grant: HEADS,
    },
    {
      key: 'statistics.project',
      parentKey: 'statistics',
      type: 1,
      nameLang: text('项目分析', 'Project analysis'),
      url: '/dataStatistical/projectAnalysisLoad',
      icon: 'FundOutlined',
      perms: [StatisticsPerm.project],
      orderNum: 3,
      grant: HEADS,
    },
    {
      key: 'statistics.equipment',
      parentKey: 'statistics',
      type: 1,
      nameLang: text('设备使用统计', 'Equipment use'),
      url: '/dataStatistical/equipmentUseLoad',
      icon: 'ToolOutlined',
      perms: [StatisticsPerm.equipment],
      orderNum: 4,
      grant: HEADS,
    },
    {
      key: 'statistics.turnover',
      parentKey: 'statistics',
      type: 1,
      nameLang: text('营业额统计', 'Turnover'),
      url: '/dataStatistical/turnOver',
      icon: 'AccountBookOutlined',
      perms: [StatisticsPerm.turnover],
      orderNum: 5,
      grant: MONEY,
    },
    {
      key: 'statistics.treatmentCost',
      parentKey: 'statistics',
      type: 1,
      nameLang: text('治疗费用统计', 'Treatment cost'),
      url: '/dataStatistical/treatmentCostLoad',
      icon: 'WalletOutlined',
      perms: [StatisticsPerm.cost],
      orderNum: 6,
      grant: MONEY,
    },
    {
      key: 'statistics.hospitalizedCost',
      parentKey: 'statistics',
      type: 1,
      nameLang: text('住院费用统计', 'Inpatient cost'),
      url: '/dataStatistical/hospitalizedCostLoad',
      icon: 'MedicineBoxOutlined',
      perms: [StatisticsPerm.cost],
      orderNum: 7,
      grant: MONEY,
    },
  ];
}

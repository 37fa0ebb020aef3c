import { RoleId, SchedulingPerm } from '@rehab/shared';
import type { BuiltinMenu } from '../menus/builtin-menus';

const PLANNERS = [RoleId.orgAdmin, RoleId.therapist];
const EVERYONE = [RoleId.orgAdmin, RoleId.therapist, RoleId.doctor, RoleId.nurse];

/**
 * The scheduling screens: scheduling management (/scheduling/scheduleTable: today's slots × therapists, recommend,
 * save, move), the schedule view (/schedulingView, outside the shell), therapist leave and substitutes.
 */
export function schedulingMenus(): BuiltinMenu[] {
  return [
    {
      key: 'schedule',
      type: 0,
      nameLang: { 'zh-CN': '排班管理', en: 'Scheduling' },
      icon: 'ScheduleOutlined',
      orderNum: 20,
      grant: [],
    },
    {
      key: 'schedule.table',
      parentKey: 'schedule',
      type: 1,
      nameLang: { 'zh-CN': '今日排班', en: "Today's scheduling" },
      url: '/scheduling/scheduleTable',
      icon: 'ProfileOutlined',
      perms: [SchedulingPerm.list, SchedulingPerm.view],
      orderNum: 0,
      grant: PLANNERS,
    },
    {
      key: 'schedule.table.save',
      parentKey: 'schedule.table',
      type: 2,
      nameLang: { 'zh-CN': '排班保存与调整', en: 'Save and change bookings' },
      perms: [SchedulingPerm.save],
      orderNum: 1,
      grant: PLANNERS,
    },
    {
      key: 'schedule.view',
      parentKey: 'schedule',
      type: 1,
      nameLang: { 'zh-CN': '排班视图', en: 'Schedule view' },
      url: '/schedulingView',
      icon: 'DesktopOutlined',
      perms: [SchedulingPerm.view],
      orderNum: 1,
      grant: EVERYONE,
    },
    {
      key: 'schedule.mine',
      parentKey: 'schedule',
      type: 1,
      nameLang: { 'zh-CN': '我的排班', en: 'My schedule' },
      url: '/schedule/therapist',
      icon: 'UserOutlined',
      perms: [SchedulingPerm.view],
      orderNum: 4,
      grant: [RoleId.therapist],
    },
    {
      key: 'schedule.therapists',
      parentKey: 'schedule',
      type: 1,
      nameLang: { 'zh-CN': '治疗师排班', en: "Therapists' schedules" },
      url: '/schedule/therapist/master',
      icon: 'SolutionOutlined',
      perms: [SchedulingPerm.view],
      orderNum: 5,
      grant: PLANNERS,
    },
    {
      key: 'schedule.patient',
      parentKey: 'schedule',
      type: 1,
      nameLang: { 'zh-CN': '患者排班', en: 'Patient schedule' },
      url: '/schedule/patient',
      icon: 'TeamOutlined',
      perms: [SchedulingPerm.view],
      orderNum: 6,
      grant: EVERYONE,
    },
    {
      key: 'schedule.therapistLeave',
      parentKey: 'schedule',
      type: 1,
      nameLang: { 'zh-CN': '治疗师请假', en: 'Therapist leave' },
      url: '/schedule/therapistLeave',
      icon: 'CalendarOutlined',
      perms: [SchedulingPerm.leaveList],
      orderNum: 2,
      grant: PLANNERS,
    },
    {
      key: 'schedule.therapistLeave.save',
      parentKey: 'schedule.therapistLeave',
      type: 2,
      nameLang: { 'zh-CN': '登记与删除请假', en: 'Record and delete leave' },
      perms: [SchedulingPerm.leaveSave],
      orderNum: 1,
      grant: [RoleId.orgAdmin],
    },
    {
      key: 'schedule.therapistSubstitute',
      parentKey: 'schedule',
      type: 1,
      nameLang: { 'zh-CN': '治疗师替班', en: 'Substitutes' },
      url: '/schedule/therapistSubstitute',
      icon: 'TeamOutlined',
      perms: [SchedulingPerm.leaveList, SchedulingPerm.leaveSave],
      orderNum: 3,
      grant: [RoleId.orgAdmin],
    },
  ];
}

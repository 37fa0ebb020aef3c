import { RoleId, TimeSlotPerm } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

/** The time slots screen under System maintenance, for organization administrators. */
export function timeSlotMenus(): BuiltinMenu[] {
  const grant = [RoleId.orgAdmin];
  return [
    {
      key: 'maintainSystem.time',
      parentKey: 'maintainSystem',
      type: 1,
      nameLang: { 'zh-CN': '治疗时间段', en: 'Time slots' },
      url: '/maintainSystem/time',
      icon: 'CalendarOutlined',
      perms: [TimeSlotPerm.list],
      orderNum: 50,
      grant,
    },
    {
      key: 'maintainSystem.time.save',
      parentKey: 'maintainSystem.time',
      type: 2,
      nameLang: { 'zh-CN': '保存', en: 'Save' },
      perms: [TimeSlotPerm.save],
      orderNum: 1,
      grant,
    },
  ];
}

import { JobPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../menus/builtin-menus';

/** The scheduled jobs screen under System (platform-wide, so the super administrator's) and its buttons. */
export function jobMenus(): BuiltinMenu[] {
  const grant = [RoleId.superAdmin];
  const button = (name: string, zh: string, en: string, perm: string, orderNum: number): BuiltinMenu => ({
    key: `system.timedTask.${name}`,
    parentKey: 'system.timedTask',
    type: 2,
    nameLang: { 'zh-CN': zh, en },
    perms: [perm],
    orderNum,
    grant,
  });
  return [
    {
      key: 'system.timedTask',
      parentKey: 'system',
      type: 1,
      nameLang: { 'zh-CN': '定时任务', en: 'Scheduled jobs' },
      url: '/system/timedTask',
      icon: 'ScheduleOutlined',
      perms: [JobPerm.list, JobPerm.info],
      orderNum: 2,
      grant,
    },
    button('save', '新增', 'Add', JobPerm.save, 1),
    button('update', '修改', 'Edit', JobPerm.update, 2),
    button('delete', '删除', 'Delete', JobPerm.delete, 3),
    button('pause', '暂停', 'Pause', JobPerm.pause, 4),
    button('resume', '恢复', 'Resume', JobPerm.resume, 5),
    button('run', '立即执行', 'Run once', JobPerm.run, 6),
    button('log', '执行日志', 'Job log', JobPerm.log, 7),
  ];
}

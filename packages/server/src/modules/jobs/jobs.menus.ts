import { JobPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';
import { screenMenus } from '../../kernel/menu';

/** The scheduled jobs screen under System (platform-wide, so the super administrator's) and its buttons. */
export function jobMenus(): BuiltinMenu[] {
  return screenMenus(
    {
      key: 'system.timedTask',
      parentKey: 'system',
      nameLang: { 'zh-CN': '定时任务', en: 'Scheduled jobs' },
      url: '/system/timedTask',
      icon: 'ScheduleOutlined',
      perms: [JobPerm.list, JobPerm.info],
      orderNum: 2,
      grant: [RoleId.superAdmin],
    },
    [
      ['save', '新增', 'Add', JobPerm.save],
      ['update', '修改', 'Edit', JobPerm.update],
      ['delete', '删除', 'Delete', JobPerm.delete],
      ['pause', '暂停', 'Pause', JobPerm.pause],
      ['resume', '恢复', 'Resume', JobPerm.resume],
      ['run', '立即执行', 'Run once', JobPerm.run],
      ['log', '执行日志', 'Job log', JobPerm.log],
    ],
  );
}

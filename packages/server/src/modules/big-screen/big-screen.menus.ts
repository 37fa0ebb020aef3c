import { RoleId, ScreenPerm } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/**
 * The big screen (数据大屏, /frisEcharts/screenFris, no sidebar) under the treatment-work directory of the workload
 * screens; its button "screen links" (make, list, revoke the TVs' links) for administrators.
 */
export function bigScreenMenus(): BuiltinMenu[] {
  return [
    {
      key: 'workload.screen',
      parentKey: 'workload',
      type: 1,
      nameLang: text('数据大屏', 'Big screen'),
      url: '/frisEcharts/screenFris',
      icon: 'DashboardOutlined',
      perms: [ScreenPerm.view],
      orderNum: 4,
      grant: [RoleId.orgAdmin, RoleId.doctor, RoleId.therapist, RoleId.nurse],
    },
    {
      key: 'workload.screen.links',
      parentKey: 'workload.screen',
      type: 2,
      nameLang: text('大屏链接', 'Screen links'),
      perms: [ScreenPerm.links],
      orderNum: 1,
      grant: [RoleId.orgAdmin],
    },
  ];
}

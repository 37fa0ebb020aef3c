import { RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const ALL_STAFF = [RoleId.orgAdmin, RoleId.therapist, RoleId.doctor, RoleId.nurse];

/**
 * The scale library (spec route /SubFirsScale/platFormTemplate): the platform catalogue of assessment scales with a
 * form to try each one (its directory is part of the sidebar frame, modules/menus). Clinical reference, so every staff role gets it.
 */
export function scaleMenus(): BuiltinMenu[] {
  return [
    {
      key: 'subFirsScale.platFormTemplate',
      parentKey: 'subFirsScale',
      type: 1,
      nameLang: { 'zh-CN': '量表库', en: 'Scale library' },
      url: '/SubFirsScale/platFormTemplate',
      icon: 'ReadOutlined',
      orderNum: 0,
      grant: ALL_STAFF,
    },
  ];
}

import { ENTITIES, RoleId, entityPermissions, type EntityDescriptor } from '@rehab/shared';
import type { NameLang } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

/**
 * A screen per master-data entity under its directory: the menu carries the list and info codes, its buttons the
 * add, edit and delete codes. Granted to organization administrators (role 1 holds every menu anyway).
 */
export function masterDataMenus(): BuiltinMenu[] {
  const organizationGrant = [RoleId.orgAdmin];
  const screens = ENTITIES.flatMap((entity: EntityDescriptor, i): BuiltinMenu[] => {
    const perms = entityPermissions(entity);
    // the scale directory (scaleMenus) is keyed subFirsScale; platform entities are the super administrator's
    const directory = entity.group === 'SubFirsScale' ? 'subFirsScale' : entity.group;
    const grant = entity.platform ? [] : organizationGrant;
    const key = `${directory}.${entity.name}`;
    const button = (
      name: 'save' | 'update' | 'delete',
      nameLang: Required<NameLang>,
      orderNum: number,
    ): BuiltinMenu => ({
      key: `${key}.${name}`,
      parentKey: key,
      type: 2,
      nameLang,
      perms: [perms[name]],
      orderNum,
      grant,
    });
    return [
      {
        key,
        parentKey: directory,
        type: 1,
        nameLang: entity.label,
        url: entity.route,
        perms: [perms.list, perms.info],
        orderNum: i,
        grant,
      },
      button('save', { 'zh-CN': '新增', en: 'Add' }, 1),
      button('update', { 'zh-CN': '修改', en: 'Edit' }, 2),
      button('delete', { 'zh-CN': '删除', en: 'Delete' }, 3),
    ];
  });
  return screens;
}

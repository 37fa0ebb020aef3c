import type { BuiltinMenu } from './builtin-menus';

/** A button of a screen: its key's last part, its names in Chinese and English, and the permission it grants. */
export type ScreenButton = [name: string, zh: string, en: string, perm: string];

/**
 * A screen (a menu of type 1) and its buttons (type 2, ordered as listed, keyed `<screen key>.<name>`), all granted
 * to the same roles: the shape of most module menus files.
 */
export function screenMenus(screen: Omit<BuiltinMenu, 'type'>, buttons: ScreenButton[]): BuiltinMenu[] {
  return [
    { ...screen, type: 1 },
    ...buttons.map(([name, zh, en, perm], i): BuiltinMenu => ({
      key: `${screen.key}.${name}`,
      parentKey: screen.key,
      type: 2,
      nameLang: { 'zh-CN': zh, en },
      perms: [perm],
      orderNum: i + 1,
      grant: screen.grant,
    })),
  ];
}

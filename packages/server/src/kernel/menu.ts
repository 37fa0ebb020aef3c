import type { NameLang } from '@rehab/shared';

/** A menu the product ships. `key` is stable across releases; `grant` lists the roles it is given to when added. */
export type BuiltinMenu = {
  key: string;
  parentKey?: string;
  /** 0 directory, 1 menu (a screen), 2 button (a permission inside a screen) */
  type: 0 | 1 | 2;
  nameLang: Required<NameLang>;
  url?: string;
  perms?: string[];
  icon?: string;
  orderNum: number;
  grant: number[];
};

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

/**
 * The menus in an order the sync can insert them in: each after its parent, otherwise as listed (stable). A menu
 * whose parent no module declares is an error of the manifests.
 */
export function parentsFirst(menus: readonly BuiltinMenu[]): BuiltinMenu[] {
  const keys = new Set(menus.map((m) => m.key));
  for (const m of menus) {
    if (m.parentKey && !keys.has(m.parentKey)) throw new Error(`built-in menu ${m.key}: no menu ${m.parentKey}`);
  }
  const placed = new Set<string>();
  const out: BuiltinMenu[] = [];
  let rest = [...menus];
  while (rest.length) {
    const next = rest.filter((m) => !m.parentKey || placed.has(m.parentKey));
    if (!next.length) throw new Error(`built-in menus: a cycle of parents among ${rest.map((m) => m.key).join(', ')}`);
    for (const m of next) {
      out.push(m);
      placed.add(m.key);
    }
    rest = rest.filter((m) => !placed.has(m.key));
  }
  return out;
}

/** Translations by locale (`{ "zh-CN": "首页", "en": "Home" }`); the plain name is the fallback. */
export type NameLang = Partial<Record<'zh-CN' | 'en', string>>;

/** A node of the sidebar tree answered by GET /api/sys/menu/nav (type 0 directory, 1 menu). */
export type MenuNode = {
  menuId: number;
  parentId: number;
  type: number;
  name: string;
  nameLang: NameLang;
  url: string | null;
  perms: string | null;
  icon: string | null;
  orderNum: number;
  list: MenuNode[];
};

import { api } from './api';
import { session, type MenuNode } from './session';

/** Loads the sidebar and permission codes of the current organization (GET /sys/menu/nav). */
export async function loadMenu() {
  const res = await api.get<{ menuList: MenuNode[]; permissions: string[]; products: string[] }>('/sys/menu/nav');
  session.update({ menuList: res.menuList, permissions: res.permissions, products: res.products });
  return res;
}

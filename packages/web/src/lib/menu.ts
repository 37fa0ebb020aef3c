import { menusEndpoints } from '@rehab/shared';
import { callEndpoint } from './endpoints';
import { session } from './session';

/** Loads the sidebar, permission codes and product modules of the current organization. */
export async function loadMenu() {
  const res = await callEndpoint(menusEndpoints.nav);
  session.update({ menuList: res.menuList, permissions: res.permissions, products: res.products });
  return res;
}

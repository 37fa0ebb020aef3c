// The public face of the menus module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export { menuTree } from './menus-admin.service';
export {
  allRolesOf,
  clearPermissionCache,
  menuIdsOf,
  permissionMenus,
  permissionsOf,
  productsOf,
  rolesAmong,
  rolesIn,
  withinProducts,
} from './permissions.service';

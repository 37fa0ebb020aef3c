// The public face of the roles module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export {};
export { roleNames, rolesUsableIn, staffContacts, staffWithRoles, type StaffOrder } from './staff';
export {
  memberHoldsRole,
  membersHoldingRoles,
  platformRoles,
  roleHoldersIn,
  rolesByIds,
  rolesHeldBy,
  rolesOfUsers,
} from './role-holders';

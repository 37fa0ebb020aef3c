// The public face of the users module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export { createUser, gradeInOrganization, listUsers, resetUserPassword, setUserStatus } from './users-admin.service';
export { activeMembers, isMemberOf, membersAmong, organizationsOf, userNames, userNameSql } from './user-names';
export { membersWithPostCode, membersWithRoles, staffWithPostSmallType } from './user-posts';
export { holdersOfRole } from './role-holders';
export { userNameRows } from './scheduling-facts';
export { addDemoStaff } from './users.demo';

// The public face of the teams module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export {
  activeTeamsOf,
  hasActiveTeam,
  isActiveTeam,
  localTeamName,
  membershipsOf,
  teamNameColumn,
  teamNameEnSql,
  teamOfOrganization,
  teamsWithMembers,
} from './teams.lookup';
export { teamNameRows } from './scheduling-facts';
export { memberIdsOfTeams, teamIdsOfMember, teamNameSql, teamsWithEnabledMembers } from './work-orders-facts';
export { seedDemoGroups } from './teams.demo';

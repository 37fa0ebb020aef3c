// The public face of the organizations module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export { isSuperSession, manageableOrganizationIds, organizationExists, subtreeIds } from './organization-scope';
export { currentOrganization, officesFor } from './organizations.service';
export { createOrganization, seedDemoOrganizations, switchProductOn } from './organizations.demo';
export {
  areRelated,
  enabledOrganizationIds,
  firstOrganizationIds,
  organizationAndChildren,
  organizationNames,
  organizationsByIds,
  relatedOrganizationIds,
} from './relations-face';

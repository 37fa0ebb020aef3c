// The public face of the telemedicine module: what other modules may use of it. Never its tables; import only this
// file from another module (eslint.config.js, server module boundaries).

// the cross-organization access model: referral and transfer of treatment build on it (docs/decisions.md, issue 17)
export {
  crossOrgSide,
  inReceivingPool,
  materialsOut,
  receiverWindowOpen,
  recordCrossOrgRead,
  stepsOut,
  type CrossOrgGrant,
  type CrossOrgSide,
} from './cross-org-access';

// what a cross-organization request is made of: the record's snapshots (materials), the patients and targets to
// choose from, and the sending organization's retention (referral builds on them)
export {
  materialCandidates,
  materialSnapshots,
  pickSnapshots,
  relatedTargets,
  remotePatients,
  settingsOf as crossOrgSettingsOf,
} from './telemedicine.service';

// The public face of the offices module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export { officeIdsInOrder } from './offices.demo';
export { isOfficeOf, officeNames, officesOfOrganization, officesOfUsers } from './offices.lookup';
export { officeNameRows } from './work-orders-facts';

// The public face of the time-slots module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export {};
export { slotsOfOrganization, type SlotFact } from './scheduling-facts';

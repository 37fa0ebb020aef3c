// The public face of the billing module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export {};
export { chargeSource, sourceLines, voidSourceIfUnpaid, type SourceCharge, type SourceLine } from './billing.sources';
export {
  costByCourse,
  revenueByProject,
  settlementsInRange,
  noMoney,
  turnoverFacts,
  type TurnoverFacts,
} from './statistics-facts';

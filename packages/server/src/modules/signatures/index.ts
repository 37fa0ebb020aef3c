// The public face of the signatures module: what other modules may use of it. Never its tables; import only this
// file from another module (eslint.config.js, server module boundaries).

// the one signing service: every signed record signs and verifies through it (docs/decisions.md, issue 19 (signing))
export {
  autoSignActive,
  canonicalJson,
  recordSignature,
  sha256Hex,
  signRecord,
  type SignInput,
} from './signatures.service';
export { caOn } from './signatures.routes';

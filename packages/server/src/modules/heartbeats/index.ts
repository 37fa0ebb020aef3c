// The public face of the heartbeats module: what other modules may use of it. Never its tables; import only this
// file from another module (eslint.config.js, server module boundaries).

export { recordExchange } from './heartbeats.service';

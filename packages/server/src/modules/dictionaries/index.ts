// The public face of the dictionaries module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export { dictionaryEntries } from './dictionaries.service';

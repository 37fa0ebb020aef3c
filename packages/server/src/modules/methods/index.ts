// The public face of the methods module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export { enabledMethods, methodNameSql, methodsOfOrganization } from './methods.lookup';

// The public face of the home-tasks module: what other modules may use of it. Never its tables; import only this
// file from another module (eslint.config.js, server module boundaries). Nothing yet: no other module reads tasks.

export {};

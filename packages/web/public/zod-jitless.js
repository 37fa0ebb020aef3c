// Read by zod when it loads (its global configuration): parse without compiling code with `new Function`, which the
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses; even zod's probe for it is reported as a
// violation. Loaded before the app's modules, so every schema is built with it.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

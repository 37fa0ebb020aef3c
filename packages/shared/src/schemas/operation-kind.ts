/**
 * What kind of change an operation-log row records (issue 21, finding 13), read from the request's method and the
 * last word of its path (path parameters left out): the log's type filter and the column of the export.
 * `read` names the rows of list and lookup calls written before reads stopped being logged (the access log of
 * patient data records reads); the list leaves them out unless asked for.
 */
export const OPERATION_KINDS = [
  'create',
  'update',
  'delete',
  'signIn',
  'signOut',
  'export',
  'import',
  'other',
  'read',
] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/**
 * The path words of each kind, checked in this order (`/sys/patient/deleteBatch` deletes, `/sys/login` signs in).
 * Migration 0047 classifies the rows written before the column existed with the same patterns (keep them in step).
 */
export const OPERATION_KIND_WORDS: [OperationKind, RegExp][] = [
  ['read', /^(list\w*|view\w*|pageinfo|page|info|select\w*|get\w*|count\w*|query\w*)$/i],
  ['signIn', /^(login\w*|signin\w*|confirmlogin\w*|scan\w*login\w*)$/i],
  ['signOut', /^(logout\w*|signout\w*)$/i],
  ['export', /^(export\w*|download\w*|print\w*)$/i],
  ['import', /^(import\w*|upload\w*)$/i],
  ['delete', /^(delete\w*|del|remove\w*|batchdelete\w*)$/i],
  ['create', /^(add\w*|create\w*|insert\w*|register\w*|new\w*)$/i],
  ['update', /^(update\w*|edit\w*|modify\w*|change\w*|set\w*|reset\w*|enable\w*|disable\w*|move\w*|sort\w*)$/i],
];

/**
 * Calls the spec makes with POST that only read, though their last word does not say so (reports, lookups, checks):
 * logged, they buried the changes (issue 21, finding 13). Paths under /api, as the contracts write them.
 */
const READ_PREFIXES = ['/sys/statistics/', '/sys/doctorPerformance/'];
const READ_PATHS = new Set([
  '/sys/achievement/therapist/detail',
  '/sys/achievement/therapist/projects',
  '/sys/achievement/workload/daily',
  '/sys/achievement/month/status',
  '/sys/workload/daily',
  '/sys/pay/bill',
  '/sys/pay/daily',
  '/sys/pay/account/entries',
  '/sys/pay/shift/current',
  '/sys/checkin/needCheckIn',
  '/sys/checkin/todayCheck',
  '/sys/meeting/patients',
  '/sys/patient/recommendPlan',
  '/sys/user/checkOnlineUser',
  '/sys/config/stopList',
  '/hisHeartbeat/incidents',
  '/scales/:code/score',
]);
/** A camel-case word ending in a read: `cameraGroupList`, `prescriptionPage`, `unAssignedCount`, `officeWorkLoad`. */
const READ_SUFFIX = /[a-z](List|Page|Count|Get|Detail|Info|Load|Data)$/;

/** Whether a call only reads (its path pattern under /api): such calls are not written to the operation log. */
export function isReadCall(url: string): boolean {
  if (READ_PATHS.has(url) || READ_PREFIXES.some((p) => url.startsWith(p))) return true;
  const word = lastWord(url);
  const [[, readWord], ...writeWords] = OPERATION_KIND_WORDS as [[OperationKind, RegExp], ...[OperationKind, RegExp][]];
  if (readWord.test(word)) return true;
  // `updatePersonalInfo` writes, whatever its last letters say
  return READ_SUFFIX.test(word) && !writeWords.some(([, pattern]) => pattern.test(word));
}

/** The last word of a path pattern, path parameters left out: `/sys/version/update/:id` -> `update`. */
const lastWord = (url: string) =>
  url
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .pop() ?? '';

/**
 * The kind of one operation: by its path's last word, then by method (DELETE deletes, PUT updates); `save` (the
 * spec's create-or-update call) creates without an `id` in the body and updates with one.
 */
export function operationKindOf(method: string, url: string, body?: unknown): OperationKind {
  if (isReadCall(url)) return 'read';
  const word = lastWord(url);
  for (const [kind, pattern] of OPERATION_KIND_WORDS) if (pattern.test(word)) return kind;
  if (method === 'DELETE') return 'delete';
  if (method === 'PUT') return 'update';
  if (/^save\w*$/i.test(word)) {
    const id = body && typeof body === 'object' && 'id' in body ? (body as { id: unknown }).id : undefined;
    return id === undefined || id === null || id === '' || id === 0 ? 'create' : 'update';
  }
  return 'other';
}

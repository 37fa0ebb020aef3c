/**
 * The SQLSTATE of a database error (`23503` foreign key violation, `23505` unique violation ...), looked for on the
 * error and its causes: drizzle wraps the driver's error, PGlite and node-postgres put the code on theirs.
 */
export function pgCode(error: unknown): string | null {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** A row still referenced elsewhere: the foreign key refused its delete. */
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';

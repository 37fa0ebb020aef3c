/** A user's text as a literal part of a LIKE pattern: `\`, `%` and `_` escaped (PostgreSQL's default escape `\`). */
export const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Keys whose values never reach the operation log, whatever their case; also any key containing one of SECRET_PARTS. */
const SECRET_KEYS = new Set(['password', 'newpassword', 'oldpassword', 'verificationcode', 'token']);
const SECRET_PARTS = ['password', 'secret'];

export const REDACTED = '***';

const isSecret = (key: string) => {
  const k = key.toLowerCase();
  return SECRET_KEYS.has(k) || SECRET_PARTS.some((part) => k.includes(part));
};

/** A copy of a request's parameters with every secret value replaced, at any depth. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        isSecret(k) ? REDACTED : redactSecrets(v, depth + 1),
      ]),
    );
  }
  return value;
}

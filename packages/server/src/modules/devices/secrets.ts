import crypto from 'node:crypto';

/** A new secret (device token, registration key): 32 random bytes, base64url (43 characters). */
export const newSecret = () => crypto.randomBytes(32).toString('base64url');

/** What is stored of a secret: its SHA-256, hex. */
export const hashOf = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');

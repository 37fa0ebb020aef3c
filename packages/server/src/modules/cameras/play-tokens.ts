import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A camera play token: `<payload>.<signature>`, both base64url, the signature an HMAC-SHA256 of the payload with the
 * server's camera key. The payload names the view, camera, user, organization, the gateway path it opens and its
 * expiry (ms): the gateway's auth hook needs no lookup to refuse a forged, expired or foreign token.
 */
export type PlayClaims = { v: number; c: number; u: number; o: number; p: string; x: number };

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function mintPlayToken(claims: PlayClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The claims of a token whose signature holds (whatever its expiry), or null. */
export function readPlayToken(token: string, secret: string): PlayClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PlayClaims;
    return [c.v, c.c, c.u, c.o, c.x].every(Number.isInteger) && typeof c.p === 'string' ? c : null;
  } catch {
    return null;
  }
}

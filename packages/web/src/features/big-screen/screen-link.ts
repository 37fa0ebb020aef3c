import { SCREEN_LINK_FRAGMENT, SCREEN_TOKEN_HEADER, screenTokenSchema } from '@rehab/shared';
import { storage } from '../../lib/storage';

const KEY = 'screenLink';

/**
 * The screen link's token this browser opens the big screen with: from the address's fragment
 * (`#screen=<token>`, which never reaches a server or its logs), kept in local storage so that the TV finds it
 * again after a restart even if the fragment is lost; null when the screen is opened by a signed-in user.
 */
export function screenLinkToken(hash = window.location.hash): string | null {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get(SCREEN_LINK_FRAGMENT);
  if (fromHash && screenTokenSchema.safeParse(fromHash).success) {
    storage.set(KEY, fromHash);
    return fromHash;
  }
  const kept = storage.get<string>(KEY);
  return kept && screenTokenSchema.safeParse(kept).success ? kept : null;
}

/** Forgets the kept token (the link was revoked or has expired). */
export function forgetScreenLink() {
  storage.remove(KEY);
}

/** What a device call sends (lib/api RequestOptions.device). */
export const screenDevice = (token: string) => ({ header: SCREEN_TOKEN_HEADER, token });

/** The address a TV opens: this site's big screen with the token in the fragment. */
export const screenLinkUrl = (token: string, origin = window.location.origin) =>
  `${origin}/frisEcharts/screenFris#${SCREEN_LINK_FRAGMENT}=${token}`;

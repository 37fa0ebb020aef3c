import type { DeviceKind } from '@rehab/shared';

/** The signed-in caller of a request, resolved from the `token` header. */
export type SessionContext = {
  sessionId: number;
  userId: number;
  userName: string;
  organizationId: number | null;
  officeId: number | null;
  keepLogin: boolean;
  /** roles held in the current organization (empty before one is chosen) */
  roleIds: number[];
  permissions: ReadonlySet<string>;
  /** product modules the current organization has switched on (empty before one is chosen) */
  products: ReadonlySet<string>;
  /**
   * The data version of `organizationId` (db/data-version.ts), read by the session lookup's own statement: a read of
   * kept answers uses it instead of a round trip of its own. Valid only for reads made before the request writes
   * anything (its own writes bump the version after this was read); null before an organization is chosen.
   */
  dataVersion: string | null;
};

/**
 * An unattended device let in by its own token instead of a session (a TV with a screen link): only endpoints
 * whose access names its kind accept it, and its organization is the one it was made for.
 */
export type DeviceContext = { kind: DeviceKind; id: number; organizationId: number };

/** A session that has chose an organization: what `organization` and permission routes receive. */
export type OrgSession = SessionContext & { organizationId: number };

import crypto from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { screenTokenSchema, type ScreenLinkCreate, type ScreenLinkRow } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { DeviceContext, OrgSession } from '../../http/session';
import { notFound } from '../../http/errors';
import { clockNow } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { userNames } from '../users';
import { screenLinks } from './big-screen.tables';

const DAY_MS = 86_400_000;
/** how stale `last_seen_at` may get before a call writes it again: a TV refreshing every 10 s writes once a minute */
const SEEN_EVERY_MS = 60_000;

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Makes a link: a new random token (returned once), stored as its hash. */
export async function makeLink(
  app: AppContext,
  session: OrgSession,
  input: { name: string; validDays: number | null },
): Promise<{ id: number; token: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  return runUnitOfWork(app, async ({ tx, now }) => {
    const [row] = await tx
      .insert(screenLinks)
      .values({
        organizationId: session.organizationId,
        name: input.name,
        tokenHash: hashOf(token),
        createdBy: session.userId,
        createdAt: now,
        expiresAt: input.validDays ? new Date(now.getTime() + input.validDays * DAY_MS) : null,
      })
      .returning({ id: screenLinks.id });
    return { id: row!.id, token };
  });
}

export type { ScreenLinkCreate };

/** The organization's links, newest first, with their state as of now (revoked ones too: the record stays). */
export async function listLinks(app: AppContext, session: OrgSession): Promise<ScreenLinkRow[]> {
  const rows = await app.db
    .select()
    .from(screenLinks)
    .where(eq(screenLinks.organizationId, session.organizationId))
    .orderBy(desc(screenLinks.id))
    .limit(200);
  const names = await userNames(
    app.db,
    rows.map((r) => r.createdBy),
  );
  const now = clockNow();
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdBy: r.createdBy ? (names.get(r.createdBy) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
    expiresAt: iso(r.expiresAt),
    revokedAt: iso(r.revokedAt),
    lastSeenAt: iso(r.lastSeenAt),
    state: r.revokedAt ? 'revoked' : r.expiresAt && r.expiresAt <= now ? 'expired' : 'active',
  }));
}

/** Revokes a link of the organization; revoking it again changes nothing. */
export async function revokeLink(app: AppContext, session: OrgSession, id: number): Promise<void> {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const [row] = await tx
      .select({ id: screenLinks.id, revokedAt: screenLinks.revokedAt })
      .from(screenLinks)
      .where(and(eq(screenLinks.id, id), eq(screenLinks.organizationId, session.organizationId)))
      .for('update');
    if (!row) throw notFound('screen.linkNotFound');
    if (row.revokedAt) return;
    await tx.update(screenLinks).set({ revokedAt: now, revokedBy: session.userId }).where(eq(screenLinks.id, id));
  });
}

/**
 * The device behind a screen token while its link is valid (not revoked, not expired), else null. Marks the link
 * seen, at most once a minute.
 */
export async function resolveScreenDevice(app: AppContext, token: string): Promise<DeviceContext | null> {
  if (!screenTokenSchema.safeParse(token).success) return null;
  const [row] = await app.db
    .select({
      id: screenLinks.id,
      organizationId: screenLinks.organizationId,
      expiresAt: screenLinks.expiresAt,
      revokedAt: screenLinks.revokedAt,
      lastSeenAt: screenLinks.lastSeenAt,
    })
    .from(screenLinks)
    .where(eq(screenLinks.tokenHash, hashOf(token)))
    .limit(1);
  const now = clockNow();
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return null;
  if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() >= SEEN_EVERY_MS) {
    const before = new Date(now.getTime() - SEEN_EVERY_MS);
    await app.db
      .update(screenLinks)
      .set({ lastSeenAt: now })
      .where(and(eq(screenLinks.id, row.id), or(isNull(screenLinks.lastSeenAt), lt(screenLinks.lastSeenAt, before))));
  }
  return { kind: 'screen', id: row.id, organizationId: row.organizationId };
}

import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CameraPerm,
  gatewayPathOf,
  type CameraGroupRow,
  type CameraRow,
  type CameraViewRow,
  type cameraGroupSaveSchema,
  type cameraListQuerySchema,
  type cameraSaveSchema,
  type gatewayAuthSchema,
  type viewListQuerySchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { officeNames } from '../offices';
import { userNames } from '../users';
import { cameraGroups, cameraViews, cameras } from './cameras.tables';
import { mintPlayToken, readPlayToken } from './play-tokens';
import { escapeLike } from '../../db/like';

export type CameraScope = { organizationId: number; userId: number; permissions: ReadonlySet<string> };
type CameraInput = z.output<typeof cameraSaveSchema>;
type Camera = typeof cameras.$inferSelect;

const alive = (organizationId: number) => and(eq(cameras.organizationId, organizationId), isNull(cameras.deletedAt));

async function toRows(db: TxOrDb, organizationId: number, list: Camera[]): Promise<CameraRow[]> {
  const offices = await officeNames(db, organizationId);
  const groupIds = [...new Set(list.map((c) => c.groupId).filter((id): id is number => id !== null))];
  const groups = groupIds.length
    ? new Map(
        (
          await db
            .select({ id: cameraGroups.id, name: cameraGroups.name })
            .from(cameraGroups)
            .where(inArray(cameraGroups.id, groupIds))
        ).map((g) => [g.id, g.name]),
      )
    : new Map<number, string>();
  return list.map((c) => ({
    id: c.id,
    name: c.name,
    officeId: c.officeId,
    officeName: c.officeId ? (offices.get(c.officeId) ?? null) : null,
    location: c.location,
    groupId: c.groupId,
    groupName: c.groupId ? (groups.get(c.groupId) ?? null) : null,
    protocol: c.protocol,
    streamUrl: c.streamUrl,
    fallbackUrl: c.fallbackUrl,
    gatewayPath: c.gatewayPath,
    codec: c.codec,
    ptz: c.ptz,
    privacy: c.privacy,
    enabled: c.enabled,
  }));
}

/** The organization's cameras, by group then name; a group or a name narrows them. */
export async function listCameras(
  app: AppContext,
  scope: CameraScope,
  q: z.output<typeof cameraListQuerySchema>,
): Promise<{ list: CameraRow[]; total: number }> {
  const where = and(
    alive(scope.organizationId),
    q.groupId ? eq(cameras.groupId, q.groupId) : undefined,
    q.name ? sql`${cameras.name} ILIKE ${`%${escapeLike(q.name)}%`}` : undefined,
  );
  const [{ n }] = (await app.db.select({ n: count() }).from(cameras).where(where)) as [{ n: number }];
  const rows = await app.db
    .select()
    .from(cameras)
    .where(where)
    .orderBy(asc(cameras.groupId), asc(cameras.name), asc(cameras.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { list: await toRows(app.db, scope.organizationId, rows), total: Number(n) };
}

/** A camera's group and office must be the organization's own. */
async function checkRefs(app: AppContext, scope: CameraScope, v: CameraInput) {
  if (v.groupId) {
    const [g] = await app.db
      .select({ id: cameraGroups.id })
      .from(cameraGroups)
      .where(and(eq(cameraGroups.id, v.groupId), eq(cameraGroups.organizationId, scope.organizationId)));
    if (!g) throw badRequest('camera.groupUnknown');
  }
  if (v.officeId && !(await officeNames(app.db, scope.organizationId)).has(v.officeId))
    throw badRequest('camera.officeUnknown');
  if (!gatewayPathOf(v.streamUrl)) throw badRequest('camera.streamUrl');
}

const values = (v: CameraInput) => ({
  name: v.name,
  officeId: v.officeId,
  location: v.location,
  groupId: v.groupId,
  protocol: v.protocol,
  streamUrl: v.streamUrl,
  fallbackUrl: v.protocol === 'whep' ? v.fallbackUrl : null,
  gatewayPath: gatewayPathOf(v.streamUrl),
  codec: v.codec,
  ptz: v.ptz,
  privacy: v.privacy,
  enabled: v.enabled,
});

export async function addCamera(app: AppContext, scope: CameraScope, v: CameraInput) {
  await checkRefs(app, scope, v);
  const [row] = await app.db
    .insert(cameras)
    .values({ organizationId: scope.organizationId, ...values(v) })
    .returning({ id: cameras.id });
  return { id: row!.id };
}

export async function updateCamera(app: AppContext, scope: CameraScope, v: CameraInput & { id: number }) {
  await checkRefs(app, scope, v);
  const done = await app.db
    .update(cameras)
    .set(values(v))
    .where(and(alive(scope.organizationId), eq(cameras.id, v.id)))
    .returning({ id: cameras.id });
  if (!done.length) throw notFound('camera.notFound');
}

/** Removes a camera from the registry and the wall; its views stay on record. */
export async function deleteCamera(app: AppContext, scope: CameraScope, id: number) {
  const done = await app.db
    .update(cameras)
    .set({ deletedAt: app.clock.now(), enabled: false })
    .where(and(alive(scope.organizationId), eq(cameras.id, id)))
    .returning({ id: cameras.id });
  if (!done.length) throw notFound('camera.notFound');
}

export async function listGroups(app: AppContext, scope: CameraScope): Promise<CameraGroupRow[]> {
  const rows = await app.db
    .select({
      id: cameraGroups.id,
      name: cameraGroups.name,
      orderNum: cameraGroups.orderNum,
      cameraCount: sql<number>`(SELECT count(*)::int FROM "cam_camera" c WHERE c.group_id = "cam_group"."id" AND c.deleted_at IS NULL)`,
    })
    .from(cameraGroups)
    .where(eq(cameraGroups.organizationId, scope.organizationId))
    .orderBy(asc(cameraGroups.orderNum), asc(cameraGroups.id));
  return rows.map((r) => ({ ...r, cameraCount: Number(r.cameraCount) }));
}

export async function getGroup(app: AppContext, scope: CameraScope, id: number) {
  const group = (await listGroups(app, scope)).find((g) => g.id === id);
  if (!group) throw notFound('camera.groupNotFound');
  const rows = await app.db
    .select()
    .from(cameras)
    .where(and(alive(scope.organizationId), eq(cameras.groupId, id)))
    .orderBy(asc(cameras.name), asc(cameras.id));
  return { ...group, cameras: await toRows(app.db, scope.organizationId, rows) };
}

export async function addGroup(app: AppContext, scope: CameraScope, v: z.output<typeof cameraGroupSaveSchema>) {
  const [row] = await app.db
    .insert(cameraGroups)
    .values({ organizationId: scope.organizationId, name: v.name, orderNum: v.orderNum })
    .returning({ id: cameraGroups.id });
  return { id: row!.id };
}

export async function updateGroup(
  app: AppContext,
  scope: CameraScope,
  v: z.output<typeof cameraGroupSaveSchema> & { id: number },
) {
  const done = await app.db
    .update(cameraGroups)
    .set({ name: v.name, orderNum: v.orderNum })
    .where(and(eq(cameraGroups.id, v.id), eq(cameraGroups.organizationId, scope.organizationId)))
    .returning({ id: cameraGroups.id });
  if (!done.length) throw notFound('camera.groupNotFound');
}

/** Removes a group; its cameras stay, ungrouped. */
export async function deleteGroup(app: AppContext, scope: CameraScope, id: number) {
  await runUnitOfWork(app, async ({ tx }) => {
    const done = await tx
      .delete(cameraGroups)
      .where(and(eq(cameraGroups.id, id), eq(cameraGroups.organizationId, scope.organizationId)))
      .returning({ id: cameraGroups.id });
    if (!done.length) throw notFound('camera.groupNotFound');
  });
}

/**
 * A play token for one camera of the organization (enabled; a private one only with the privacy permission): it
 * opens a view (who, camera, from) and lasts `camera.tokenTtlMs`. The gateway asks our hook about it when the player
 * connects; a reconnect after expiry takes a new token.
 */
export async function mintToken(app: AppContext, scope: CameraScope, cameraId: number, renewViewId?: number) {
  const [camera] = await app.db
    .select()
    .from(cameras)
    .where(and(alive(scope.organizationId), eq(cameras.id, cameraId)));
  if (!camera) throw notFound('camera.notFound');
  if (!camera.enabled) throw badRequest('camera.disabled');
  if (camera.privacy && !scope.permissions.has(CameraPerm.privacy)) throw forbidden('camera.privacy');
  const now = app.clock.now();
  const expiresAt = new Date(now.getTime() + app.config.camera.tokenTtlMs);
  const [view] = renewViewId
    ? await app.db
        .update(cameraViews)
        .set({ expiresAt })
        .where(
          and(
            eq(cameraViews.id, renewViewId),
            eq(cameraViews.cameraId, cameraId),
            eq(cameraViews.userId, scope.userId),
            isNull(cameraViews.endedAt),
          ),
        )
        .returning({ id: cameraViews.id })
    : await app.db
        .insert(cameraViews)
        .values({ organizationId: scope.organizationId, cameraId, userId: scope.userId, startedAt: now, expiresAt })
        .returning({ id: cameraViews.id });
  if (!view) throw notFound('camera.viewNotFound');
  const token = mintPlayToken(
    {
      v: view!.id,
      c: cameraId,
      u: scope.userId,
      o: scope.organizationId,
      p: camera.gatewayPath,
      x: expiresAt.getTime(),
    },
    app.config.camera.tokenSecret,
  );
  return { token, expiresAt: expiresAt.toISOString(), viewId: view!.id };
}

/** The player closed: the view ends now (one's own views only; an ended view keeps its end). */
export async function endView(app: AppContext, scope: CameraScope, viewId: number) {
  const done = await app.db
    .update(cameraViews)
    .set({ endedAt: app.clock.now() })
    .where(
      and(
        eq(cameraViews.id, viewId),
        eq(cameraViews.userId, scope.userId),
        eq(cameraViews.organizationId, scope.organizationId),
        isNull(cameraViews.endedAt),
      ),
    )
    .returning({ id: cameraViews.id });
  if (!done.length) throw notFound('camera.viewNotFound');
}

export async function listViews(
  app: AppContext,
  scope: CameraScope,
  q: z.output<typeof viewListQuerySchema>,
): Promise<{ list: CameraViewRow[]; total: number }> {
  const where = and(
    eq(cameraViews.organizationId, scope.organizationId),
    q.cameraId ? eq(cameraViews.cameraId, q.cameraId) : undefined,
  );
  const [{ n }] = (await app.db.select({ n: count() }).from(cameraViews).where(where)) as [{ n: number }];
  const rows = await app.db
    .select({ v: cameraViews, cameraName: cameras.name })
    .from(cameraViews)
    .innerJoin(cameras, eq(cameras.id, cameraViews.cameraId))
    .where(where)
    .orderBy(desc(cameraViews.startedAt), desc(cameraViews.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const names = await userNames(
    app.db,
    rows.map((r) => r.v.userId),
  );
  return {
    list: rows.map(({ v, cameraName }) => ({
      id: v.id,
      cameraId: v.cameraId,
      cameraName,
      userId: v.userId,
      userName: names.get(v.userId) ?? '',
      from: v.startedAt.toISOString(),
      to: (v.endedAt ?? v.lastSeenAt)?.toISOString() ?? null,
    })),
    total: Number(n),
  };
}

/** The token a gateway hands over: MediaMTX puts a Bearer token in `token`, a query `?token=` in `query`. */
function tokenOf(body: z.output<typeof gatewayAuthSchema>): string | null {
  if (body.token) return body.token;
  const fromQuery = new URLSearchParams(body.query ?? '').get('token');
  return fromQuery || body.password || null;
}

/**
 * The media gateway's auth hook (MediaMTX `authMethod: http`): a reader is let in (2xx) only with a token we signed,
 * not expired, for the very path it asks about, of a camera still enabled and a view not ended; anything else,
 * publishing included, is refused (401). The gateway's checks keep the view's `last_seen_at`.
 */
export async function gatewayAuth(app: AppContext, body: z.output<typeof gatewayAuthSchema>) {
  const refuse = (why: string) => {
    app.log.info({ why, path: body.path, action: body.action, ip: body.ip }, 'camera gateway auth refused');
    return unauthorized('camera.tokenRefused');
  };
  if (body.action !== 'read') throw refuse('action');
  const token = tokenOf(body);
  if (!token) throw refuse('no token');
  const claims = readPlayToken(token, app.config.camera.tokenSecret);
  if (!claims) throw refuse('signature');
  const now = app.clock.now();
  if (claims.x <= now.getTime()) throw refuse('expired');
  if (claims.p !== (body.path ?? '').replace(/^\/+|\/+$/g, '')) throw refuse('foreign path');
  const [row] = await app.db
    .select({ camera: cameras, endedAt: cameraViews.endedAt })
    .from(cameraViews)
    .innerJoin(cameras, eq(cameras.id, cameraViews.cameraId))
    .where(and(eq(cameraViews.id, claims.v), eq(cameraViews.cameraId, claims.c), eq(cameraViews.userId, claims.u)));
  if (!row || row.endedAt || !row.camera.enabled || row.camera.deletedAt || row.camera.gatewayPath !== claims.p)
    throw refuse('view');
  await app.db.update(cameraViews).set({ lastSeenAt: now }).where(eq(cameraViews.id, claims.v));
}

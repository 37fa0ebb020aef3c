import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import type { CameraCodec, CameraProtocol } from '@rehab/shared';
import { organizations } from '../organizations/organizations.tables';
import { offices } from '../offices/offices.tables';
import { users } from '../users/users.tables';
import { createdAt, ts } from '../../db/columns';

/** A camera group (治疗大厅, 训练区 ...): what the wall shows together; consultations attach a group. */
export const cameraGroups = pgTable(
  'cam_group',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 30 }).notNull(),
    orderNum: integer('order_num').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('cam_group_org_idx').on(t.organizationId)],
);

/**
 * A camera of the registry: where it hangs, its group, how the gateway reaches it and what the browser loads (the
 * gateway path is derived from `stream_url`), the codec it sends, whether it turns (PTZ) and whether it films a
 * private area (playing it needs the privacy permission). Removed cameras stay (their views refer to them).
 */
export const cameras = pgTable(
  'cam_camera',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 40 }).notNull(),
    officeId: integer('office_id').references(() => offices.id, { onDelete: 'set null' }),
    location: varchar('location', { length: 60 }).notNull().default(''),
    groupId: integer('group_id').references(() => cameraGroups.id, { onDelete: 'set null' }),
    protocol: varchar('protocol', { length: 10 }).$type<CameraProtocol>().notNull(),
    streamUrl: varchar('stream_url', { length: 300 }).notNull(),
    fallbackUrl: varchar('fallback_url', { length: 300 }),
    gatewayPath: varchar('gateway_path', { length: 300 }).notNull(),
    codec: varchar('codec', { length: 10 }).$type<CameraCodec>().notNull(),
    ptz: boolean('ptz').notNull().default(false),
    privacy: boolean('privacy').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('cam_camera_org_idx')
      .on(t.organizationId, t.groupId)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/**
 * A view: who played which camera from when to when. Opened with the play token (getCameraToken), kept alive by the
 * gateway's checks (`last_seen_at`), closed by the player (`ended_at`). Never deleted.
 */
export const cameraViews = pgTable(
  'cam_view',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    cameraId: integer('camera_id')
      .notNull()
      .references(() => cameras.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    startedAt: ts('started_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    lastSeenAt: ts('last_seen_at'),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('cam_view_org_idx').on(t.organizationId, t.startedAt),
    index('cam_view_camera_idx').on(t.cameraId, t.startedAt),
  ],
);

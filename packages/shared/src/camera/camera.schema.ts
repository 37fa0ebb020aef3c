import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../schemas/common.schema';
import { textWidth } from '../validators/text';

/**
 * Cameras and camera groups (spec section 7, /sys/camera/*; the camera wall /DasEquipment/camera). The product does
 * not carry video: the hospital's media gateway (MediaMTX, go2rtc, ZLMediaKit) serves each camera under a path, and
 * our server mints short-lived play tokens the gateway checks through its HTTP auth hook.
 */
export const CameraPerm = {
  /** the camera wall: the cameras and groups of the organization, and playing them (play tokens) */
  view: 'sys:camera:view',
  /** play a camera marked private (a treatment room) */
  privacy: 'sys:camera:privacy',
  save: 'sys:camera:save',
  update: 'sys:camera:update',
  delete: 'sys:camera:delete',
  /** add, change and remove camera groups */
  group: 'sys:camera:group',
  /** who watched which camera when */
  views: 'sys:camera:views',
} as const;

/** How the camera reaches the gateway (RTSP / GB28181 pulled and re-served) or what the browser plays (HLS / WHEP). */
export const CAMERA_PROTOCOLS = ['rtsp', 'gb28181', 'hls', 'whep'] as const;
export type CameraProtocol = (typeof CAMERA_PROTOCOLS)[number];
export const CAMERA_CODECS = ['h264', 'h265', 'unknown'] as const;
export type CameraCodec = (typeof CAMERA_CODECS)[number];

/** At most this many tiles of the wall play at once (the browser's 6 connections per origin, decoding cost). */
export const WALL_MAX_PLAYING = 6;
/** A tile of the wall (spec section 9: the video player is 330x250). */
export const PLAYER_SIZE = { width: 330, height: 250 } as const;

const urlSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(300, { error: 'validation.tooLong', abort: true })
  .regex(/^https?:\/\/[^\s/]+\/\S+$/, { error: 'camera.streamUrl' });

/**
 * The stream's path as the gateway names it, from the URL the browser loads: MediaMTX serves `<path>` as HLS at
 * `http://gw:8888/<path>/index.m3u8` and as WHEP at `http://gw:8889/<path>/whep`; a plain `.m3u8` file is its
 * folder. The auth hook compares it with the path the gateway asks about.
 */
export function gatewayPathOf(streamUrl: string): string {
  let p: string;
  try {
    p = new URL(streamUrl).pathname;
  } catch {
    return '';
  }
  p = p.replace(/\/(whep|whip)$/, '').replace(/\/[^/]*\.m3u8$/, '');
  return decodeURIComponent(p.replace(/^\/+|\/+$/g, ''));
}

const nameSchema = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(max, { error: 'validation.tooLong', abort: true })
    .refine((v) => textWidth(v) <= max * 2, { error: 'validation.widthTooLong' });

const cameraFields = {
  name: nameSchema(40),
  officeId: idSchema.nullable().default(null),
  location: z.string().trim().max(60, { error: 'validation.tooLong' }).default(''),
  groupId: idSchema.nullable().default(null),
  protocol: z.enum(CAMERA_PROTOCOLS, { error: 'camera.protocol' }),
  /** what the browser loads: the HLS playlist, or the WHEP endpoint for protocol whep */
  streamUrl: urlSchema,
  /** a WHEP camera's HLS playlist, played when WebRTC fails (a hospital network blocking UDP) */
  fallbackUrl: urlSchema.nullable().default(null),
  codec: z.enum(CAMERA_CODECS).default('h264'),
  ptz: z.boolean().default(false),
  privacy: z.boolean().default(false),
  enabled: z.boolean().default(true),
};
export const cameraSaveSchema = z.strictObject(cameraFields);
export type CameraSave = z.input<typeof cameraSaveSchema>;
export const cameraUpdateSchema = z.strictObject({ id: idSchema, ...cameraFields });

export const cameraListQuerySchema = pageQuerySchema.extend({
  groupId: idSchema.optional(),
  name: z.string().trim().max(40).optional(),
});

export const cameraRowSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  officeId: z.number().int().nullable(),
  officeName: z.string().nullable(),
  location: z.string(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  protocol: z.enum(CAMERA_PROTOCOLS),
  streamUrl: z.string(),
  fallbackUrl: z.string().nullable(),
  /** the path the gateway serves it under (from streamUrl) */
  gatewayPath: z.string(),
  codec: z.enum(CAMERA_CODECS),
  ptz: z.boolean(),
  privacy: z.boolean(),
  enabled: z.boolean(),
});
export type CameraRow = z.infer<typeof cameraRowSchema>;

export const cameraGroupSaveSchema = z.strictObject({
  name: nameSchema(30),
  orderNum: z.number().int().min(0).max(9999).default(0),
});
export const cameraGroupUpdateSchema = z.strictObject({ id: idSchema, ...cameraGroupSaveSchema.shape });

export const cameraGroupRowSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  orderNum: z.number().int(),
  cameraCount: z.number().int(),
});
export type CameraGroupRow = z.infer<typeof cameraGroupRowSchema>;

/** A player renewing its token before expiry names its view, which goes on (one record per viewing, not per token). */
export const cameraTokenBodySchema = z.strictObject({ viewId: idSchema.optional() }).default({});

/** The answer of getCameraToken/{id} (spec: code and token): the token and the view it opened. */
export const cameraTokenSchema = z.strictObject({
  token: z.string(),
  expiresAt: z.string(),
  viewId: z.number().int(),
});

/** MediaMTX's HTTP auth hook request (authMethod: http): what it asks about a reader or publisher. */
export const gatewayAuthSchema = z.object({
  user: z.string().nullish(),
  password: z.string().nullish(),
  token: z.string().nullish(),
  ip: z.string().nullish(),
  action: z.string().nullish(),
  path: z.string().nullish(),
  protocol: z.string().nullish(),
  id: z.string().nullish(),
  query: z.string().nullish(),
});

export const viewListQuerySchema = pageQuerySchema.extend({ cameraId: idSchema.optional() });
export const cameraViewRowSchema = z.strictObject({
  id: z.number().int(),
  cameraId: z.number().int(),
  cameraName: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  from: z.string(),
  /** the end the player reported, else the gateway's last check, else null (still open or never played) */
  to: z.string().nullable(),
});
export type CameraViewRow = z.infer<typeof cameraViewRowSchema>;

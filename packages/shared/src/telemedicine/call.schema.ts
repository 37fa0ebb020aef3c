import { z } from 'zod';
import { idSchema } from '../schemas/common.schema';

/**
 * Live video of a remote consultation (issue 17): WebRTC between its participants (up to four, a mesh), signalled
 * through the server. A browser POSTs each signal; the server checks that sender and recipient are both in the call
 * and publishes it on the recipient's call topic, which only the recipient may subscribe to.
 */
export const MAX_CALL_PARTICIPANTS = 4;

/** The live-channel topic of one participant of one consultation's call. */
export const callTopic = (consultationId: number, userId: number) => `web/call/${consultationId}/${userId}`;
/** Every call topic starts with it: the broker asks the telemedicine module who may listen. */
export const CALL_TOPIC_PREFIX = 'web/call/';

export const CALL_SIGNAL_KINDS = ['offer', 'answer', 'candidate', 'ping'] as const;
export type CallSignalKind = (typeof CALL_SIGNAL_KINDS)[number];

/** What a browser sends to another participant (or, `ping`, to itself: the pre-call connectivity check). */
export const callSignalSchema = z.object({
  to: idSchema,
  kind: z.enum(CALL_SIGNAL_KINDS),
  /** the SDP or the ICE candidate as JSON text; for a ping any short text */
  data: z.string().max(30_000),
});

export const callAdmitSchema = z.object({ userId: idSchema });

/**
 * What arrives on a participant's call topic: a signal from another participant, or an event of the call (someone
 * waits in the lobby, you were admitted, someone left); after `admitted` the newcomer offers to everyone in the call.
 */
export type CallTopicMessage =
  | { type: 'signal'; from: number; kind: CallSignalKind; data: string }
  | { type: 'lobby'; userId: number }
  | { type: 'admitted'; peers: number[] }
  | { type: 'left'; userId: number }
  /** the consultation left the call states (the report is being written, it was cancelled or expired) */
  | { type: 'ended' };

/** An ICE server as RTCPeerConnection takes it. */
export const iceServerSchema = z.strictObject({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});

export const callIceSchema = z.strictObject({
  iceServers: z.array(iceServerSchema),
  /** false: no TURN server is set; the call works between browsers that reach each other directly (a LAN) */
  turnConfigured: z.boolean(),
  /** when the TURN credentials stop working (ISO 8601), null without TURN */
  expiresAt: z.string().nullable(),
});
export type CallIce = z.infer<typeof callIceSchema>;

export const CALL_PARTICIPANT_STATES = ['lobby', 'joined'] as const;

export const callParticipantSchema = z.strictObject({
  userId: z.number().int(),
  name: z.string(),
  /** sender: the inviting organization; expert: the consultation's expert */
  role: z.enum(['sender', 'expert']),
  state: z.enum(CALL_PARTICIPANT_STATES),
});

export const callRecordSchema = z.strictObject({
  userId: z.number().int(),
  name: z.string(),
  joinedAt: z.string(),
  leftAt: z.string().nullable(),
});

export const callInfoSchema = z.strictObject({
  /** the call may be joined now: the consultation is accepted or in progress */
  open: z.boolean(),
  me: z.strictObject({
    userId: z.number().int(),
    role: z.enum(['sender', 'expert']),
    state: z.enum(['none', ...CALL_PARTICIPANT_STATES]),
  }),
  /** who is in the call or waits in the lobby now */
  participants: z.array(callParticipantSchema),
  /** every stay in the call (admitted until left), oldest first */
  records: z.array(callRecordSchema),
  /** minutes during which at least two participants were in the call */
  minutes: z.number().int(),
  /** the half hours the fee counts: ceil(minutes / 30) */
  feeUnits: z.number().int(),
});
export type CallInfo = z.infer<typeof callInfoSchema>;

/**
 * The minutes during which at least two of the stays overlap (the call was actually held), rounded up, and the half
 * hours a fee counts for them. A stay still open counts until `now`.
 */
export function callDuration(stays: { joinedAt: Date; leftAt: Date | null }[], now: Date) {
  const edges: [number, number][] = [];
  for (const s of stays) {
    const end = (s.leftAt ?? now).getTime();
    if (end <= s.joinedAt.getTime()) continue;
    edges.push([s.joinedAt.getTime(), 1], [end, -1]);
  }
  // leaving before joining at the same instant: a hand-over is not an overlap
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let present = 0;
  let since = 0;
  let ms = 0;
  for (const [at, delta] of edges) {
    if (present >= 2) ms += at - since;
    present += delta;
    since = at;
  }
  const minutes = Math.ceil(ms / 60_000);
  return { minutes, feeUnits: Math.ceil(minutes / 30) };
}

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import MQEmitterRedis from 'mqemitter-redis';
import { eq, inArray } from 'drizzle-orm';
import { WebSocketServer, createWebSocketStream } from 'ws';
import {
  DevicePerm,
  SchedulingPerm,
  ScreenPerm,
  deviceTopic,
  messageTopic,
  scheduleTopic,
  type DeviceDoorbell,
  type LiveMessage,
  type ScheduleDoorbell,
} from '@rehab/shared';
import type { AppContext } from '../../context';
import type { DeviceContext } from '../../http/session';
import { sessions } from '../auth/auth.tables';
import { resolveToken, sessionState } from '../auth';

/** Where browsers connect: the WebSocket path on the server's own port. */
export const MQTT_PATH = '/mqtt';

/** Internal topic on which a server tells every broker (through Redis too) that sessions ended. */
const REVOKED_TOPIC = '$rehab/sessions/revoked';

/** How often the brokers check the sessions of their clients (idle limits end sessions without any request). */
const SWEEP_MS = 30_000;

export type RevokedSessions = { sessionIds?: number[]; userId?: number };

/**
 * The live message channel (spec section 3 and 7): an embedded MQTT broker (aedes) served over WebSocket at
 * /mqtt on the HTTP server's own port. The database is the record; the broker only rings the doorbell.
 *
 * - A browser connects with its session token as the MQTT password; it may subscribe only to its own topic
 *   (`web/message/<userId>:<organizationId>` of the session's current organization) and, when it may see the
 *   schedule there, to that organization's schedule doorbell (`web/schedule/<organizationId>`), and to the topics a
 *   module declared (`liveTopics` of its manifest) when the module's guard lets the session in; it may not publish.
 * - A revoked session (logout, replaced, password change, idle) is disconnected at once on every server.
 * - With `REDIS_URL` the brokers of several server processes share their messages through Redis
 *   (mqemitter-redis): a message saved on one server reaches a browser connected to another.
 */
export type LiveChannel = {
  /** rings the doorbell of each recipient (after the message is committed) */
  notify(recipients: { userId: number; organizationId: number }[], message: Omit<LiveMessage, 'recipient'>): void;
  /** rings the organization's schedule doorbell (after the change is committed): boards and views fetch again */
  scheduleChanged(organizationId: number): void;
  /** rings the organization's device doorbell (a device's data or state changed): the HUD and the monitor fetch again */
  deviceChanged(organizationId: number, deviceId: number): void;
  /**
   * publishes on a topic a module declared (`liveTopics` of its manifest: who may listen is its guard's answer);
   * any other topic is refused
   */
  publishTo(topic: string, payload: unknown): void;
  /** disconnects the clients of ended sessions, on every server */
  sessionsRevoked(which: RevokedSessions): void;
  /** checks the connected sessions and devices now (the brokers do so every 30 s): ended ones are disconnected */
  sweep(): Promise<void>;
  /** serves MQTT over WebSocket at /mqtt on this HTTP server */
  attach(server: Server): void;
  close(): Promise<void>;
};

/** The token is kept to check the session's current permissions when the client subscribes to a schedule topic. */
type ClientInfo = { sessionId: number; userId: number; token: string };

/** A device connected with its own token (the MQTT user name names its kind): the big screen's TV. */
type DeviceInfo = { device: DeviceContext; token: string };

/**
 * Who may hear an organization's schedule doorbell: those who may open the board, the schedule view or the big
 * screen (its queue, therapists and throughput follow the same changes). The doorbell carries no data.
 */
const SCHEDULE_READERS = [SchedulingPerm.list, SchedulingPerm.view, ScreenPerm.view];

/** The device kinds that may connect, and the one topic each may hear: a screen, its organization's schedule doorbell. */
const DEVICE_TOPICS: Partial<Record<string, (device: DeviceContext) => string>> = {
  screen: (device) => scheduleTopic(device.organizationId),
};

const authError = (message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode: 4 as AuthenticateError['returnCode'] });

export async function createLiveChannel(app: AppContext, options: { redisUrl: string | null }): Promise<LiveChannel> {
  const clients = new Map<Client, ClientInfo>();
  const devices = new Map<Client, DeviceInfo>();
  const mq = options.redisUrl ? MQEmitterRedis({ connectionString: options.redisUrl }) : undefined;

  const broker = await Aedes.createBroker({
    ...(mq ? { mq } : {}),
    // the token is the MQTT password; the user name only says whether it is a device's token (its kind) or a
    // session's (anything else), and grants nothing by itself
    authenticate: (client, username, password, done) => {
      const token = password?.toString('utf8') ?? '';
      if (!token || token.length > 200) return done(authError('bad token'), false);
      const resolveDevice = username && DEVICE_TOPICS[username] ? app.modules.devices[username as 'screen'] : undefined;
      if (resolveDevice) {
        resolveDevice(app, token).then(
          (device) => {
            if (!device) return done(authError('bad token'), false);
            devices.set(client, { device, token });
            done(null, true);
          },
          () => done(authError('bad token'), false),
        );
        return;
      }
      resolveToken(app, token).then(
        (session) => {
          clients.set(client, { sessionId: session.sessionId, userId: session.userId, token });
          done(null, true);
        },
        () => done(authError('bad token'), false),
      );
    },
    // a client may listen to its own topic and the schedule doorbell of its session's current organization only
    authorizeSubscribe: (client, subscription, done) => {
      // a refused topic gets a failure return code (0x80) in SUBACK; the connection stays open
      const refuse = () => done(null, null);
      const device = devices.get(client)?.device;
      if (device)
        return subscription.topic === DEVICE_TOPICS[device.kind]?.(device) ? done(null, subscription) : refuse();
      const info = clients.get(client);
      if (!info) return refuse();
      mayListen(info, subscription.topic).then((ok) => (ok ? done(null, subscription) : refuse()), refuse);
    },
    // only the server publishes (its own publishes come with client null)
    authorizePublish: (client, _packet, done) => done(client ? new Error('publishing is not allowed') : null),
  });

  const moduleTopic = (topic: string) =>
    Object.entries(app.modules.liveTopics).find(([prefix]) => topic.startsWith(prefix))?.[1];

  async function mayListen(info: ClientInfo, topic: string): Promise<boolean> {
    const guard = moduleTopic(topic);
    if (guard) return guard(app, await resolveToken(app, info.token), topic);
    if (topic.startsWith('web/device/')) {
      const session = await resolveToken(app, info.token);
      return (
        session.organizationId !== null &&
        topic === deviceTopic(session.organizationId) &&
        session.permissions.has(DevicePerm.view)
      );
    }
    if (!topic.startsWith('web/schedule/')) return topic === (await currentTopic(info));
    // the session as a request sees it: current organization, roles still held there, products switched on
    const session = await resolveToken(app, info.token);
    return (
      session.organizationId !== null &&
      topic === scheduleTopic(session.organizationId) &&
      SCHEDULE_READERS.some((p) => session.permissions.has(p))
    );
  }

  async function currentTopic(info: ClientInfo): Promise<string | null> {
    const [row] = await app.db.select().from(sessions).where(eq(sessions.id, info.sessionId)).limit(1);
    if (
      !row ||
      sessionState(row, app.clock.now().getTime(), app.config.sessionIdleMs) !== 'active' ||
      !row.organizationId
    ) {
      return null;
    }
    return messageTopic(info.userId, row.organizationId);
  }

  broker.on('clientDisconnect', (client) => {
    clients.delete(client);
    devices.delete(client);
  });
  broker.on('clientError', (client, err) => {
    clients.delete(client);
    devices.delete(client);
    app.log.debug({ err: err.message }, 'live channel: client error');
  });
  broker.on('connectionError', (_client, err) => app.log.debug({ err: err.message }, 'live channel: connection error'));

  const closeWhere = (match: (info: ClientInfo) => boolean) => {
    for (const [client, info] of clients) {
      if (match(info)) {
        clients.delete(client);
        client.close();
      }
    }
  };

  // every broker hears of ended sessions, whichever server ended them
  broker.subscribe(
    REVOKED_TOPIC,
    (packet, callback) => {
      try {
        const which = JSON.parse(packet.payload.toString()) as RevokedSessions;
        const ids = new Set(which.sessionIds ?? []);
        closeWhere((info) => ids.has(info.sessionId) || info.userId === which.userId);
      } catch {
        // not ours
      }
      callback();
    },
    () => undefined,
  );

  // idle limits end sessions without a request, and a screen link may be revoked or expire: look at the connected
  // ones now and then
  async function sweepOnce() {
    for (const [client, { device, token }] of [...devices]) {
      const still = await app.modules.devices[device.kind]?.(app, token);
      if (still) continue;
      devices.delete(client);
      client.close();
    }
    const ids = [...new Set([...clients.values()].map((c) => c.sessionId))];
    if (ids.length === 0) return;
    const rows = await app.db.select().from(sessions).where(inArray(sessions.id, ids));
    const now = app.clock.now().getTime();
    const alive = new Set(
      rows.filter((r) => sessionState(r, now, app.config.sessionIdleMs) === 'active').map((r) => r.id),
    );
    closeWhere((info) => !alive.has(info.sessionId));
  }
  const sweep = setInterval(
    () => void sweepOnce().catch((err: unknown) => app.log.warn({ err }, 'live channel: sweep failed')),
    SWEEP_MS,
  );
  sweep.unref();

  const publish = (topic: string, payload: unknown) =>
    broker.publish(
      { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(payload)), qos: 0, retain: false, dup: false },
      (err) => {
        if (err) app.log.warn({ err, topic }, 'live channel: publish failed');
      },
    );

  let wss: WebSocketServer | null = null;

  return {
    notify(recipients, message) {
      for (const r of recipients) {
        const topic = messageTopic(r.userId, r.organizationId);
        publish(topic, { ...message, recipient: topic.slice('web/message/'.length) } satisfies LiveMessage);
      }
    },
    scheduleChanged(organizationId) {
      publish(scheduleTopic(organizationId), { organizationId } satisfies ScheduleDoorbell);
    },
    deviceChanged(organizationId, deviceId) {
      publish(deviceTopic(organizationId), { organizationId, deviceId } satisfies DeviceDoorbell);
    },
    publishTo(topic, payload) {
      if (!moduleTopic(topic)) throw new Error(`live channel: no module declared topic ${topic}`);
      publish(topic, payload);
    },
    sessionsRevoked(which) {
      publish(REVOKED_TOPIC, which);
    },
    sweep: sweepOnce,
    attach(server) {
      wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const pathname = (req.url ?? '').split('?')[0];
        if (pathname !== MQTT_PATH) {
          socket.destroy();
          return;
        }
        wss!.handleUpgrade(req, socket, head, (ws) => {
          const stream = createWebSocketStream(ws);
          stream.on('error', () => stream.destroy());
          broker.handle(stream, req);
        });
      });
    },
    async close() {
      clearInterval(sweep);
      for (const ws of wss?.clients ?? []) ws.terminate();
      wss?.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

import { useEffect, useRef } from 'react';
import type { MqttClient } from 'mqtt';
import { messageTopic, type LiveMessage } from '@rehab/shared';
import { appConfig } from './config';
import { useSession } from './session';

/** The broker address: CLIENT_MQTT_URL, else the page host's /mqtt (spec section 2, Startup configuration). */
export function mqttUrl(): string {
  if (appConfig.mqttUrl) return appConfig.mqttUrl;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/mqtt`;
}

/** Wait before loading the MQTT client (~100 kB): the shell paints and its first calls go out first. */
const LOAD_AFTER_MS = 1500;
const RECONNECT_MS = 3000;
/** A connection left without listeners stays this long (a route change mounts the next screen's listeners). */
const IDLE_CLOSE_MS = 2000;

type Listener = {
  topic: string;
  onMessage: (payload: unknown) => void;
  onReconnect: () => void;
  /** the broker's answer to the subscription: true once the topic is heard, false when refused */
  onSubscribed?: (granted: boolean) => void;
};

/**
 * One connection per token (a session's, or a device's such as the big screen's link), shared by every listener of
 * the tab: each topic is subscribed once while some listener wants it; after a reconnect (a server restart) the
 * topics are subscribed again and every listener hears `onReconnect`, since doorbells may have been missed. The
 * broker checks each topic against the session (or the device).
 */
class LiveConnection {
  private readonly listeners = new Set<Listener>();
  private client: MqttClient | null = null;
  private closed = false;
  private idle: ReturnType<typeof setTimeout> | null = null;
  private readonly loading: ReturnType<typeof setTimeout>;

  constructor(
    /** the MQTT user name: `web` for a session token, the device kind (`screen`) for a device's token */
    private readonly username: string,
    private readonly token: string,
    private readonly onClosed: () => void,
  ) {
    this.loading = setTimeout(() => void this.open(), LOAD_AFTER_MS);
  }

  private topics() {
    return [...new Set([...this.listeners].map((l) => l.topic))];
  }

  private async open() {
    const mod = await import('mqtt');
    // the browser build's ES module exports the client as its default; the typings name `connect` directly
    const connect = (mod as Partial<typeof mod>).connect ?? (mod.default as unknown as typeof mod).connect;
    if (this.closed) return;
    const c = connect(mqttUrl(), {
      username: this.username,
      password: this.token,
      clientId: `web_${Math.random().toString(36).slice(2, 12)}`,
      reconnectPeriod: RECONNECT_MS,
      connectTimeout: 10_000,
      clean: true,
    });
    this.client = c;
    let connectedBefore = false;
    c.on('connect', () => {
      const topics = this.topics();
      if (topics.length) c.subscribe(topics, { qos: 0 }, (err, granted) => this.answered(topics, err, granted));
      if (connectedBefore) for (const l of [...this.listeners]) l.onReconnect();
      connectedBefore = true;
    });
    c.on('message', (topic, payload) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload.toString());
      } catch {
        return; // not a doorbell of ours
      }
      for (const l of [...this.listeners]) if (l.topic === topic) l.onMessage(parsed);
    });
  }

  /** tells the listeners of the topics whether the broker granted them (a refused topic comes back as qos 128) */
  private answered(topics: string[], err: Error | null | undefined, granted?: { topic: string; qos: number }[]) {
    const ok = new Set((granted ?? []).filter((g) => g.qos !== 128).map((g) => g.topic));
    for (const l of [...this.listeners]) if (topics.includes(l.topic)) l.onSubscribed?.(!err && ok.has(l.topic));
  }

  add(l: Listener) {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const known = this.topics().includes(l.topic);
    this.listeners.add(l);
    if (!this.client?.connected) return;
    if (!known) this.client.subscribe(l.topic, { qos: 0 }, (err, granted) => this.answered([l.topic], err, granted));
    else l.onSubscribed?.(true);
  }

  remove(l: Listener) {
    this.listeners.delete(l);
    if (!this.topics().includes(l.topic) && this.client?.connected) this.client.unsubscribe(l.topic);
    if (this.listeners.size === 0 && !this.idle) {
      this.idle = setTimeout(() => (this.listeners.size === 0 ? this.close() : undefined), IDLE_CLOSE_MS);
    }
  }

  close() {
    this.closed = true;
    clearTimeout(this.loading);
    if (this.idle) clearTimeout(this.idle);
    this.client?.end(true);
    this.onClosed();
  }
}

const connections = new Map<string, LiveConnection>();

function connectionOf(username: string, token: string) {
  const key = `${username}:${token}`;
  let c = connections.get(key);
  if (!c) {
    c = new LiveConnection(username, token, () => connections.delete(key));
    connections.set(key, c);
  }
  return c;
}

/**
 * Listens to one topic of the live channel with the session token as password while the component is mounted (a
 * null topic: not now), or with a device's token (`device`: the big screen opened by its link, which has no
 * session). `onMessage` gets each doorbell's JSON, `onReconnect` runs after the connection came back. The client
 * library loads lazily; logout (no token) ends the listening, and a new token a new connection.
 */
export function useLiveTopic(
  topic: string | null,
  handlers: {
    onMessage: (payload: unknown) => void;
    onReconnect: () => void;
    /** the broker granted (true) or refused (false) the topic */
    onSubscribed?: (granted: boolean) => void;
  },
  device?: { kind: 'screen'; token: string },
) {
  const { token: sessionToken } = useSession();
  const username = device ? device.kind : 'web';
  const token = device ? device.token : sessionToken;
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!token || !topic) return;
    const connection = connectionOf(username, token);
    const listener: Listener = {
      topic,
      onMessage: (payload) => latest.current.onMessage(payload),
      onReconnect: () => latest.current.onReconnect(),
      onSubscribed: (granted) => latest.current.onSubscribed?.(granted),
    };
    connection.add(listener);
    return () => connection.remove(listener);
  }, [username, token, topic]);
}

/**
 * The live message channel of the signed-in shell: the user's topic in the current organization
 * (`web/message/<userId>:<organizationId>`); `onMessage` for each doorbell, `onReconnect` when messages may have been
 * missed. An organization change moves to the new organization's topic.
 */
export function useLiveMessages(handlers: { onMessage: (m: LiveMessage) => void; onReconnect: () => void }) {
  const { user, organization } = useSession();
  const topic = user?.id && organization?.id ? messageTopic(user.id, organization.id) : null;
  useLiveTopic(topic, {
    onMessage: (payload) => handlers.onMessage(payload as LiveMessage),
    onReconnect: () => handlers.onReconnect(),
  });
}

/** Doorbells within this time (a leave's substitute books day after day) ring once, unless told otherwise. */
const DOORBELL_SETTLE_MS = 300;

/**
 * A doorbell topic (it carries no data: the screen asks again through its usual calls): `onRing` runs once for the
 * rings of `settleMs` (300 ms), and after the live channel came back (rings may have been missed). `device` as for
 * useLiveTopic; `onSubscribed` says whether the broker granted the topic.
 */
export function useDoorbell(
  topic: string | null,
  onRing: () => void,
  options: {
    device?: { kind: 'screen'; token: string };
    onSubscribed?: (granted: boolean) => void;
    settleMs?: number;
  } = {},
) {
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onRing);
  useEffect(() => {
    latest.current = onRing;
  });
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  const ring = () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      latest.current();
    }, options.settleMs ?? DOORBELL_SETTLE_MS);
  };
  useLiveTopic(topic, { onMessage: ring, onReconnect: ring, onSubscribed: options.onSubscribed }, options.device);
}

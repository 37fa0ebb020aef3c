import { useEffect, useRef } from 'react';
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

/**
 * The live message channel of the signed-in shell: subscribes to the user's topic in the current organization
 * (`web/message/<userId>:<organizationId>`) with the session token as password, and calls `onMessage` for each
 * doorbell; `onReconnect` after the connection came back (a server restart), when messages may have been missed.
 * The client library loads lazily; logout (no token) or an organization change closes the connection.
 */
export function useLiveMessages(handlers: { onMessage: (m: LiveMessage) => void; onReconnect: () => void }) {
  const { token, user, organization } = useSession();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const userId = user?.id;
  const organizationId = organization?.id;

  useEffect(() => {
    if (!token || !userId || !organizationId) return;
    let closed = false;
    let client: { end: (force?: boolean) => void } | null = null;
    const topic = messageTopic(userId, organizationId);
    const timer = setTimeout(async () => {
      const mod = await import('mqtt');
      // the browser build's ES module exports the client as its default; the typings name `connect` directly
      const connect = (mod as Partial<typeof mod>).connect ?? (mod.default as unknown as typeof mod).connect;
      if (closed) return;
      const c = connect(mqttUrl(), {
        username: 'web',
        password: token,
        clientId: `web_${userId}_${Math.random().toString(36).slice(2, 10)}`,
        reconnectPeriod: RECONNECT_MS,
        connectTimeout: 10_000,
        clean: true,
      });
      client = c;
      let connectedBefore = false;
      c.on('connect', () => {
        c.subscribe(topic, { qos: 0 });
        if (connectedBefore) latest.current.onReconnect();
        connectedBefore = true;
      });
      c.on('message', (_topic, payload) => {
        try {
          latest.current.onMessage(JSON.parse(payload.toString()) as LiveMessage);
        } catch {
          // not a message of ours
        }
      });
    }, LOAD_AFTER_MS);
    return () => {
      closed = true;
      clearTimeout(timer);
      client?.end(true);
    };
  }, [token, userId, organizationId]);
}

// A browser's side of the live channel in API tests: an MQTT client over WebSocket with a session token, the messages
// it hears on a topic, and a wait for a delivery through the broker.
import mqtt, { type MqttClient } from 'mqtt';

/**
 * Connects to the test server's /mqtt with a session token (or a device's token, `username` its kind); the client is
 * added to `open` to be ended after.
 */
export async function connectLive(
  base: string,
  token: string,
  open: MqttClient[],
  username = 'web',
): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`${base.replace('http', 'ws')}/mqtt`, {
    username,
    password: token,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  open.push(client);
  return client;
}

/** The messages a client hears on a topic from now on. */
export function heard<T = unknown>(client: MqttClient, topic: string) {
  const got: T[] = [];
  client.on('message', (t, payload) => {
    if (t === topic) got.push(JSON.parse(payload.toString()) as T);
  });
  return got;
}

/** Waits for a delivery through the broker (not for time to pass in the product). */
export async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
}

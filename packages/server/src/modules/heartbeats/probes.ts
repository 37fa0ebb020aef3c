import net from 'node:net';
import type { Observation } from '@rehab/shared';

/**
 * The checks that leave the process: an HTTP GET of a health URL (any 2xx is up) and a TCP connect. Tests point them
 * at a local server or port they open and close. Both stop at `timeoutMs`; the answer is an observation for the
 * state machine, the failure's message short enough for the monitor row.
 */
export type Probes = {
  http(url: string, timeoutMs: number): Promise<Observation>;
  tcp(host: string, port: number, timeoutMs: number): Promise<Observation>;
};

const failed = (message: string): Observation => ({ ok: false, reason: 'error', message: message.slice(0, 200) });

export const networkProbes: Probes = {
  async http(url, timeoutMs) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
      await res.body?.cancel();
      return res.ok ? { ok: true } : failed(`HTTP ${res.status}`);
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      return failed(e.name === 'TimeoutError' ? `timeout ${timeoutMs} ms` : (e.cause?.code ?? e.message));
    }
  },
  tcp(host, port, timeoutMs) {
    return new Promise((resolve) => {
      const socket = net.connect({ host, port });
      const done = (o: Observation) => {
        socket.destroy();
        resolve(o);
      };
      socket.setTimeout(timeoutMs, () => done(failed(`timeout ${timeoutMs} ms`)));
      socket.once('connect', () => done({ ok: true }));
      socket.once('error', (err: Error & { code?: string }) => done(failed(err.code ?? err.message)));
    });
  },
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The browser-side protections sent with every answer (the web app, the API, the API docs page): a strict
 * Content-Security-Policy, COOP and a Permissions-Policy (issue 22 item 5; docs/security.md V14).
 *
 * - script-src 'self' only: the build emits no inline script (the runtime configuration is the file
 *   /runtime-config.js), so an injected <script> or event-handler attribute does not run.
 * - style-src 'self' 'unsafe-inline': Ant Design's CSS-in-JS inserts <style> elements at run time, and the
 *   component library, ECharts and the players set style attributes; a nonce would only cover the <style> elements
 *   (not the attributes) and would need index.html rewritten for every answer (docs/decisions.md).
 * - connect-src: the API and the live channel on the same host (ws/wss), the live channel's own address when it is
 *   elsewhere (CLIENT_MQTT_URL), and the camera media gateways (CSP_MEDIA_ORIGINS); media-src the same gateways.
 * - camera, microphone and screen capture for this origin only (remote consultations by video); the rest off.
 */
export function securityHeaders(
  config: Pick<AppConfig, 'cspMediaOrigins' | 'hisFrameAncestors'> & { client: { mqttUrl: string } },
) {
  const media = config.cspMediaOrigins;
  const his = config.hisFrameAncestors;
  const mqtt = originOf(config.client.mqttUrl);
  const fixed = {
    connect: ["'self'", ...(mqtt ? [mqtt] : []), ...media],
    media: ["'self'", 'blob:', ...media],
  };
  return (req: FastifyRequest) => {
    const host = hostOf(req);
    const live = host ? [`ws://${host}`, `wss://${host}`] : [];
    const framedByHis = his.length > 0 && isHisFramePage(req.url);
    return {
      'Content-Security-Policy': [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        `connect-src ${[...fixed.connect, ...live].join(' ')}`,
        `media-src ${fixed.media.join(' ')}`,
        "worker-src 'self' blob:",
        // the assessment report's PDF is shown in a frame from a blob: address
        "frame-src 'self' blob:",
        // the treatment record page is framed by the hospital system's origins (HIS_FRAME_ANCESTORS)
        `frame-ancestors ${["'self'", ...(framedByHis ? his : [])].join(' ')}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ].join('; '),
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': PERMISSIONS_POLICY,
    };
  };
}

export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'display-capture=(self)',
  'fullscreen=(self)',
  'autoplay=(self)',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'screen-wake-lock=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The page the hospital system frames (`/treatmentRecord/treatmentIframe`, its HTML answer; not the API). */
export const HIS_FRAME_PAGE = '/treatmentRecord/treatmentIframe';
export function isHisFramePage(url: string): boolean {
  const path = url.split('?')[0]!;
  return path === HIS_FRAME_PAGE || path === `${HIS_FRAME_PAGE}/`;
}

/** The scheme, host and port of an absolute URL (a ws/wss/http/https address), or null. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return /^(wss?|https?):$/.test(u.protocol) ? `${u.protocol}//${u.host}` : null;
  } catch {
    return null;
  }
}

/** The request's host for the live channel's ws/wss source; only a well-formed host name and port. */
function hostOf(req: FastifyRequest): string | null {
  const host = req.headers.host;
  return host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : null;
}

/** Registers the headers on every answer. */
export function registerSecurityHeaders(server: FastifyInstance, config: Parameters<typeof securityHeaders>[0]) {
  const headersFor = securityHeaders(config);
  server.addHook('onSend', async (req, reply, payload) => {
    reply.headers(headersFor(req));
    return payload;
  });
}

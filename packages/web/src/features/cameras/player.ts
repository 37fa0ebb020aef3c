import Hls from 'hls.js';

/**
 * Playing a camera from the hospital's media gateway: WebRTC (WHEP) when the camera says so, HLS (hls.js, or the
 * browser's own HLS in Safari) otherwise or when WebRTC fails. The play token goes as `Authorization: Bearer`, which
 * MediaMTX hands to our auth hook as `token`; `setToken` swaps it when the tile renews it.
 */
export type Playback = { stop(): void; setToken(token: string): void };
export type PlaybackError = 'codec' | 'network' | 'refused';

/** Whether this browser can decode H.265 in MSE (Safari, Chrome/Edge with hardware support). */
export function canDecodeH265(): boolean {
  if (typeof MediaSource === 'undefined') return false;
  return ['hvc1.1.6.L93.B0', 'hev1.1.6.L93.B0'].some((c) => MediaSource.isTypeSupported(`video/mp4; codecs="${c}"`));
}

export function playHls(
  video: HTMLVideoElement,
  url: string,
  token: string,
  onError: (e: PlaybackError) => void,
): Playback {
  let bearer = token;
  if (!Hls.isSupported()) {
    // Safari plays HLS itself; it cannot add a header, so the token rides in the query (MediaMTX reads `token=`)
    video.src = `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(bearer)}`;
    video.onerror = () => onError('network');
    void video.play().catch(() => undefined);
    return {
      stop: () => {
        video.removeAttribute('src');
        video.load();
      },
      setToken: (t) => void (bearer = t),
    };
  }
  const hls = new Hls({
    liveSyncDurationCount: 2,
    maxBufferLength: 8,
    xhrSetup: (xhr) => xhr.setRequestHeader('Authorization', `Bearer ${bearer}`),
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    const codec =
      data.details === Hls.ErrorDetails.MANIFEST_INCOMPATIBLE_CODECS_ERROR ||
      data.details === Hls.ErrorDetails.BUFFER_ADD_CODEC_ERROR ||
      data.details === Hls.ErrorDetails.BUFFER_INCOMPATIBLE_CODECS_ERROR;
    const refused = (data.response?.code ?? 0) === 401 || (data.response?.code ?? 0) === 403;
    onError(codec ? 'codec' : refused ? 'refused' : 'network');
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
  return { stop: () => hls.destroy(), setToken: (t) => void (bearer = t) };
}

/** WHEP (WebRTC-HTTP egress): an offer posted to the gateway, its answer; refused or not connected in 6 s, it fails. */
export async function playWhep(video: HTMLVideoElement, url: string, token: string): Promise<Playback> {
  const pc = new RTCPeerConnection();
  const stop = () => {
    pc.close();
    video.srcObject = null;
  };
  try {
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.ontrack = (e) => {
      if (e.streams[0]) video.srcObject = e.streams[0];
    };
    await pc.setLocalDescription(await pc.createOffer());
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/sdp', Authorization: `Bearer ${token}` },
      body: pc.localDescription!.sdp,
      signal: AbortSignal.timeout(6_000),
    });
    if (!res.ok) throw new Error(`WHEP ${res.status}`);
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('WebRTC did not connect')), 6_000);
      pc.onconnectionstatechange = () => {
        if (pc.connectionState === 'connected') {
          clearTimeout(timer);
          resolve();
        } else if (pc.connectionState === 'failed') {
          clearTimeout(timer);
          reject(new Error('WebRTC failed'));
        }
      };
    });
    void video.play().catch(() => undefined);
    // WHEP authenticates the session once; a renewed token is not needed
    return { stop, setToken: () => undefined };
  } catch (error) {
    stop();
    throw error;
  }
}

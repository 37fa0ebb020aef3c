import { useEffect, useRef, useState } from 'react';
import { Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PLAYER_SIZE, type CameraRow } from '@rehab/shared';
import { endView, playToken } from './api';
import { canDecodeH265, playHls, playWhep, type Playback, type PlaybackError } from './player';

type TileState = 'paused' | 'connecting' | 'playing' | 'codec' | 'network' | 'refused' | 'private';

/** Renew the play token this long before it expires (it opens the stream; the gateway may ask again on reconnects). */
const RENEW_BEFORE_MS = 20_000;

/**
 * One camera of the wall, 330x250 (spec section 9). It plays only while `active` (on screen and within the wall's
 * cap): then it takes a play token (a view on record), tries WebRTC (WHEP) first when the camera says so and falls
 * back to HLS, renews the token before it expires, and when it stops it ends the view. An H.265 stream this browser
 * cannot decode says so rather than showing black.
 */
export function CameraTile({
  camera,
  active,
  onVisible,
}: {
  camera: CameraRow;
  active: boolean;
  onVisible: (id: number, visible: boolean) => void;
}) {
  const { t } = useTranslation('camera');
  const box = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<TileState>('paused');
  const [via, setVia] = useState<'WebRTC' | 'HLS' | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => onVisible(camera.id, !!entry?.isIntersecting), {
      threshold: 0.25,
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      onVisible(camera.id, false);
    };
  }, [camera.id, onVisible]);

  useEffect(() => {
    const el = video.current;
    if (!active || !el) {
      setState('paused');
      return;
    }
    let cancelled = false;
    let playback: Playback | null = null;
    let viewId: number | null = null;
    let renew: ReturnType<typeof setTimeout> | undefined;
    const h265Blocked = camera.codec === 'h265' && !canDecodeH265();
    const fail = (e: PlaybackError) => !cancelled && setState(e);
    const onPlaying = () => !cancelled && setState('playing');
    el.addEventListener('playing', onPlaying);

    const scheduleRenew = (expiresAt: string) => {
      const delay = Math.max(10_000, Date.parse(expiresAt) - Date.now() - RENEW_BEFORE_MS);
      renew = setTimeout(async () => {
        try {
          const next = await playToken(camera.id, viewId ?? undefined);
          if (cancelled) return;
          playback?.setToken(next.token);
          scheduleRenew(next.expiresAt);
        } catch (error) {
          console.warn('camera token', error); // spec section 8: only logged
        }
      }, delay);
    };

    const start = async () => {
      setState('connecting');
      setVia(null);
      let grant;
      try {
        grant = await playToken(camera.id);
      } catch (error) {
        console.warn('camera token', error);
        if (!cancelled) setState(camera.privacy ? 'private' : 'refused');
        return;
      }
      viewId = grant.viewId;
      if (cancelled) return;
      scheduleRenew(grant.expiresAt);
      if (camera.protocol === 'whep') {
        try {
          playback = await playWhep(el, camera.streamUrl, grant.token);
          if (cancelled) playback.stop();
          else setVia('WebRTC');
          return;
        } catch (error) {
          console.warn('WHEP failed, trying HLS', error);
          if (cancelled) return;
          if (!camera.fallbackUrl) return setState('network');
          if (h265Blocked) return setState('codec');
          playback = playHls(el, camera.fallbackUrl, grant.token, fail);
          setVia('HLS');
          return;
        }
      }
      if (h265Blocked) return setState('codec');
      playback = playHls(el, camera.streamUrl, grant.token, fail);
      setVia('HLS');
    };
    void start();
    return () => {
      cancelled = true;
      clearTimeout(renew);
      el.removeEventListener('playing', onPlaying);
      playback?.stop();
      if (viewId) void endView(viewId);
    };
  }, [active, camera.id, camera.codec, camera.protocol, camera.streamUrl, camera.fallbackUrl, camera.privacy]);

  const notice =
    state === 'playing' ? null : state === 'connecting' ? t('tile.connecting') : t(`tile.${state}`, { codec: 'H.265' });
  return (
    <div
      ref={box}
      data-testid="camera-tile"
      data-camera={camera.name}
      data-state={state}
      style={{
        position: 'relative',
        width: PLAYER_SIZE.width,
        height: PLAYER_SIZE.height,
        background: '#111',
        borderRadius: 6,
        overflow: 'hidden',
      }}
    >
      <video
        ref={video}
        muted
        playsInline
        data-testid="camera-video"
        style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
      />
      {notice && (
        <div
          data-testid="camera-notice"
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            padding: 24,
            textAlign: 'center',
            color: state === 'paused' || state === 'connecting' ? '#bbb' : '#ffccc7',
          }}
        >
          {notice}
        </div>
      )}
      <div
        style={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          padding: '4px 8px',
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          background: 'linear-gradient(transparent, rgba(0,0,0,0.75))',
        }}
      >
        <Typography.Text ellipsis style={{ color: '#fff', flex: 1 }}>
          {camera.name}
          {camera.location ? ` · ${camera.location}` : ''}
        </Typography.Text>
        {camera.privacy && <LockOutlined style={{ color: '#ffd666' }} aria-label={t('privacy')} />}
        {via && (
          <Tag color={via === 'WebRTC' ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
            {via}
          </Tag>
        )}
      </div>
    </div>
  );
}

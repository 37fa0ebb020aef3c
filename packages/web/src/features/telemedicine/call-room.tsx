import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, List, Progress, Space, Tag, Typography } from 'antd';
import {
  AudioMutedOutlined,
  AudioOutlined,
  CheckCircleTwoTone,
  CloseCircleTwoTone,
  DesktopOutlined,
  LoadingOutlined,
  PhoneOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { callTopic, remoteEndpoints, type CallSignalKind, type CallTopicMessage } from '@rehab/shared';
import { callEndpoint, callEndpointOnUnload } from '../../lib/endpoints';
import { showApiError } from '../../lib/form-errors';
import { useLiveTopic } from '../../lib/live-messages';
import { useSession } from '../../lib/session';
import { useCallIce, useCallInfo, useCallSteps } from './api';
import { CallMesh } from './call-mesh';

type Check = 'pending' | 'ok' | 'failed';
/** How long the pre-call check waits for its own ping to come back through the live channel. */
const PING_MS = 8000;

function CheckRow({ state, label, detail }: { state: Check; label: string; detail?: string }) {
  const icon =
    state === 'ok' ? (
      <CheckCircleTwoTone twoToneColor="#52c41a" />
    ) : state === 'failed' ? (
      <CloseCircleTwoTone twoToneColor="#ff4d4f" />
    ) : (
      <LoadingOutlined />
    );
  return (
    <Space data-testid={`call-check-${state}`}>
      {icon}
      <span>{label}</span>
      {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
    </Space>
  );
}

/** A video element showing a stream (muted: our own preview, never played back to us). */
function Tile({
  stream,
  name,
  muted,
  testId,
  height,
}: {
  stream: MediaStream | null;
  name: string;
  muted?: boolean;
  testId: string;
  /** in the call: the height of a grid row (the width follows at 4:3, within the cell) */
  height?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <div
      data-testid={testId}
      style={{
        position: 'relative',
        background: '#1f1f1f',
        borderRadius: 8,
        overflow: 'hidden',
        aspectRatio: '4 / 3',
        minWidth: 0,
        ...(height ? { height, maxWidth: '100%', justifySelf: 'center' } : {}),
      }}
    >
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={muted}
        style={{ width: '100%', height: '100%', objectFit: 'cover', transform: muted ? 'scaleX(-1)' : undefined }}
      />
      <span
        style={{
          position: 'absolute',
          left: 8,
          bottom: 8,
          padding: '2px 8px',
          borderRadius: 4,
          background: 'rgba(0,0,0,0.55)',
          color: '#fff',
          fontSize: 13,
        }}
      >
        {name}
      </span>
    </div>
  );
}

/** The microphone's level (0..100) while the stream has an audio track. */
function useMicLevel(stream: MediaStream | null) {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream?.getAudioTracks().length) return;
    const ctx = new AudioContext();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 256;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const data = new Uint8Array(analyser.frequencyBinCount);
    let frame = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(data);
      let peak = 0;
      for (const v of data) peak = Math.max(peak, Math.abs(v - 128));
      setLevel(Math.min(100, Math.round((peak / 128) * 200)));
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => {
      cancelAnimationFrame(frame);
      void ctx.close();
    };
  }, [stream]);
  return level;
}

/** Camera and microphone, asked together, else each alone: which one failed is said. */
async function openDevices(): Promise<{ stream: MediaStream; video: boolean; audio: boolean }> {
  const media = navigator.mediaDevices;
  if (!media?.getUserMedia) return { stream: new MediaStream(), video: false, audio: false };
  try {
    const stream = await media.getUserMedia({ video: { width: 640, height: 480 }, audio: true });
    return { stream, video: true, audio: true };
  } catch {
    const tracks: MediaStreamTrack[] = [];
    const video = await media.getUserMedia({ video: true }).then(
      (s) => (tracks.push(...s.getTracks()), true),
      () => false,
    );
    const audio = await media.getUserMedia({ audio: true }).then(
      (s) => (tracks.push(...s.getTracks()), true),
      () => false,
    );
    return { stream: new MediaStream(tracks), video, audio };
  }
}

/**
 * The video call of a consultation: the pre-call check (camera preview, microphone level, a round trip through the
 * signalling endpoint and the live channel), then the lobby (until the expert admits) and the call itself with mute,
 * camera off, screen share and hang up. Media go browser to browser; nothing is recorded.
 */
export function CallRoom({ consultationId, onClose }: { consultationId: number; onClose: () => void }) {
  const { t } = useTranslation('telemedicine');
  const { message } = App.useApp();
  const { user } = useSession();
  const me = user?.id ?? 0;
  const info = useCallInfo(consultationId);
  const ice = useCallIce(consultationId, true);
  const steps = useCallSteps();
  const [stage, setStage] = useState<'check' | 'call'>('check');
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<{ video: Check; audio: Check }>({ video: 'pending', audio: 'pending' });
  const [signalling, setSignalling] = useState<Check>('pending');
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [sharing, setSharing] = useState<MediaStreamTrack | null>(null);
  const [remote, setRemote] = useState<[number, MediaStream][]>([]);
  const mesh = useRef<CallMesh | null>(null);
  const [nonce] = useState(() => Math.random().toString(36).slice(2));
  const joined = useRef(false);
  const micLevel = useMicLevel(local);

  const send = useCallback(
    (to: number, kind: CallSignalKind, data: string) =>
      callEndpoint(remoteEndpoints.callSignal, { params: { id: consultationId }, body: { to, kind, data } }),
    [consultationId],
  );

  // the devices, once; released when the room closes
  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    void openDevices().then((d) => {
      if (gone) return d.stream.getTracks().forEach((tr) => tr.stop());
      stream = d.stream;
      setLocal(d.stream);
      setDevices({ video: d.video ? 'ok' : 'failed', audio: d.audio ? 'ok' : 'failed' });
    });
    return () => {
      gone = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, []);

  // leaving the room (closing it, another page, closing the tab or reloading) hangs up: a stay left open would count
  // towards the call's minutes
  useEffect(() => {
    const onPageHide = () => {
      if (!joined.current) return;
      joined.current = false;
      callEndpointOnUnload(remoteEndpoints.callLeave, { params: { id: consultationId } });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      mesh.current?.close();
      if (joined.current) void callEndpoint(remoteEndpoints.callLeave, { params: { id: consultationId } });
    };
  }, [consultationId]);

  const onMessage = (payload: unknown) => {
    const m = payload as CallTopicMessage;
    if (m.type === 'signal') {
      if (m.kind === 'ping') {
        if (m.data === nonce) setSignalling('ok');
        return;
      }
      void mesh.current?.onSignal(m.from, m.kind, m.data).catch(() => undefined);
    } else if (m.type === 'admitted') {
      void info.refetch();
      for (const peer of m.peers) void mesh.current?.call(peer).catch(() => undefined);
    } else if (m.type === 'left') {
      mesh.current?.remove(m.userId);
      void info.refetch();
    } else if (m.type === 'lobby') {
      void info.refetch();
    } else if (m.type === 'ended') {
      // the server closed every stay already
      joined.current = false;
      message.info(t('call.ended'));
      void hangUp();
    }
  };
  useLiveTopic(me ? callTopic(consultationId, me) : null, {
    onMessage,
    onReconnect: () => void info.refetch(),
    onSubscribed: (granted) => {
      if (!granted) return setSignalling('failed');
      send(me, 'ping', nonce).catch(() => setSignalling('failed'));
    },
  });
  useEffect(() => {
    if (signalling !== 'pending') return;
    const timer = setTimeout(() => setSignalling((s) => (s === 'pending' ? 'failed' : s)), PING_MS);
    return () => clearTimeout(timer);
  }, [signalling]);

  const join = async () => {
    if (!local || !ice.data) return;
    const created: CallMesh = new CallMesh(ice.data.iceServers as RTCIceServer[], local, send, () =>
      setRemote([...created.streams.entries()]),
    );
    mesh.current = created;
    try {
      await steps.join.mutateAsync({ params: { id: consultationId } });
      joined.current = true;
      setStage('call');
      const now = await info.refetch();
      const state = now.data;
      if (state?.me.state === 'joined') {
        for (const p of state.participants)
          if (p.userId !== me && p.state === 'joined') void created.call(p.userId).catch(() => undefined);
      }
    } catch (error) {
      showApiError(error, t('failed'), message.error);
    }
  };

  const hangUp = async () => {
    mesh.current?.close();
    sharing?.stop();
    if (joined.current) {
      joined.current = false;
      await steps.leave.mutateAsync({ params: { id: consultationId } }).catch(() => undefined);
    }
    onClose();
  };

  const toggleMute = () => {
    local?.getAudioTracks().forEach((tr) => (tr.enabled = muted));
    setMuted(!muted);
  };
  const toggleCamera = () => {
    local?.getVideoTracks().forEach((tr) => (tr.enabled = cameraOff));
    setCameraOff(!cameraOff);
  };
  const toggleShare = async () => {
    const camera = local?.getVideoTracks()[0];
    if (sharing) {
      sharing.stop();
      setSharing(null);
      if (camera) await mesh.current?.replaceVideo(camera);
      return;
    }
    try {
      const screen = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const track = screen.getVideoTracks()[0]!;
      track.onended = () => {
        setSharing(null);
        if (camera) void mesh.current?.replaceVideo(camera);
      };
      await mesh.current?.replaceVideo(track);
      setSharing(track);
    } catch {
      message.warning(t('call.shareFailed'));
    }
  };

  const call = info.data;
  const names = new Map((call?.participants ?? []).map((p) => [p.userId, p.name]));
  const noTurn = ice.data && !ice.data.turnConfigured && (
    <Alert type="warning" showIcon title={t('call.noTurn')} data-testid="call-no-turn" />
  );

  if (stage === 'check') {
    const ready = signalling === 'ok' && Boolean(ice.data) && Boolean(local);
    return (
      <div
        data-testid="call-check"
        style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(260px, 2fr)', gap: 16 }}
      >
        <Tile stream={local} name={t('call.you')} muted testId="call-preview" />
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('call.checkTitle')}
          </Typography.Title>
          <CheckRow state={devices.video} label={t('call.camera')} />
          <CheckRow state={devices.audio} label={t('call.microphone')} />
          {devices.audio === 'ok' && (
            <Progress percent={micLevel} showInfo={false} size="small" aria-label={t('call.micLevel')} />
          )}
          <CheckRow state={signalling} label={t('call.signalling')} />
          {noTurn}
          {ice.data?.turnConfigured && <Tag color="green">{t('call.turnReady')}</Tag>}
          {signalling === 'failed' && <Alert type="error" showIcon title={t('call.signallingFailed')} />}
          <Typography.Text type="secondary">{t('call.noRecording')}</Typography.Text>
          <Space>
            <Button
              type="primary"
              icon={<VideoCameraOutlined />}
              disabled={!ready}
              loading={steps.join.isPending}
              onClick={join}
              data-testid="call-join"
            >
              {t('call.join')}
            </Button>
            <Button onClick={onClose}>{t('call.cancel')}</Button>
          </Space>
        </Space>
      </div>
    );
  }

  const lobby = (call?.participants ?? []).filter((p) => p.state === 'lobby');
  // one tile alone, else two a row (a mesh of four is two rows); the rows share the window's height
  const tiles = 1 + remote.length;
  const columns = tiles === 1 ? 1 : 2;
  const rows = Math.ceil(tiles / columns);
  const tileHeight = `max(180px, calc((100vh - 300px) / ${rows}))`;
  return (
    <div
      data-testid="call-room"
      data-call-state={call?.me.state ?? 'none'}
      style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
    >
      {call?.me.state === 'lobby' && (
        <Alert type="info" showIcon title={t('call.waiting')} data-testid="call-waiting" />
      )}
      {call?.me.role === 'expert' && lobby.length > 0 && (
        <List
          size="small"
          bordered
          header={t('call.lobby')}
          dataSource={lobby}
          renderItem={(p) => (
            <List.Item
              actions={[
                <Button
                  key="admit"
                  type="primary"
                  size="small"
                  loading={steps.admit.isPending}
                  onClick={() =>
                    steps.admit
                      .mutateAsync({ params: { id: consultationId }, body: { userId: p.userId } })
                      .catch((error: unknown) => showApiError(error, t('failed'), message.error))
                  }
                  data-testid="call-admit"
                >
                  {t('call.admit')}
                </Button>,
              ]}
            >
              {p.name}
            </List.Item>
          )}
        />
      )}
      {noTurn}
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 12 }}>
        <Tile
          stream={local}
          name={`${t('call.you')}${muted ? ` · ${t('call.mutedTag')}` : ''}`}
          muted
          testId="call-local"
          height={tileHeight}
        />
        {remote.map(([userId, stream]) => (
          <Tile key={userId} stream={stream} name={names.get(userId) ?? ''} testId="call-remote" height={tileHeight} />
        ))}
      </div>
      <Space wrap style={{ justifyContent: 'center', width: '100%' }}>
        <Button
          icon={muted ? <AudioMutedOutlined /> : <AudioOutlined />}
          onClick={toggleMute}
          disabled={!local?.getAudioTracks().length}
          data-testid="call-mute"
        >
          {muted ? t('call.unmute') : t('call.mute')}
        </Button>
        <Button
          icon={<VideoCameraOutlined />}
          onClick={toggleCamera}
          disabled={!local?.getVideoTracks().length}
          data-testid="call-camera"
        >
          {cameraOff ? t('call.cameraOn') : t('call.cameraOff')}
        </Button>
        <Button
          icon={<DesktopOutlined />}
          onClick={toggleShare}
          disabled={call?.me.state !== 'joined'}
          data-testid="call-share"
        >
          {sharing ? t('call.stopShare') : t('call.share')}
        </Button>
        <Button danger type="primary" icon={<PhoneOutlined />} onClick={hangUp} data-testid="call-hangup">
          {t('call.hangUp')}
        </Button>
      </Space>
    </div>
  );
}

import type { CallSignalKind } from '@rehab/shared';

/** How long an offer or answer waits for its ICE candidates before it goes out with those gathered so far. */
const GATHER_MS = 3000;

type Send = (to: number, kind: CallSignalKind, data: string) => Promise<unknown>;

/** Resolves once the connection gathered its candidates (or after GATHER_MS): the SDP then carries them all. */
function gathered(pc: RTCPeerConnection) {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => pc.iceGatheringState === 'complete' && done();
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/**
 * The peer connections of one participant in a consultation's call: one per other participant (a mesh, at most
 * three). Whoever enters the call offers to those already in it; an offer replaces any earlier connection with that
 * participant (a reload). Offers and answers go out once their candidates are gathered, so a signal's order does not
 * matter. The video sender's track is swapped for a screen share and back without renegotiating.
 */
export class CallMesh {
  readonly peers = new Map<number, RTCPeerConnection>();
  readonly streams = new Map<number, MediaStream>();
  private video: MediaStreamTrack | null;

  constructor(
    private readonly iceServers: RTCIceServer[],
    private readonly local: MediaStream,
    private readonly send: Send,
    private readonly onChange: () => void,
  ) {
    this.video = local.getVideoTracks()[0] ?? null;
    // the browser tests read the connections' statistics (set only by them, in localStorage)
    if (localStorage.getItem('rehab.callDebug') === '1')
      (window as unknown as { __rehabCall: unknown }).__rehabCall = this;
  }

  private create(peerId: number) {
    this.remove(peerId, false);
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const audio = this.local.getAudioTracks()[0];
    if (audio) pc.addTrack(audio, this.local);
    else pc.addTransceiver('audio', { direction: 'recvonly' });
    if (this.video) pc.addTrack(this.video, this.local);
    else pc.addTransceiver('video', { direction: 'recvonly' });
    pc.ontrack = (e) => {
      const stream = this.streams.get(peerId) ?? new MediaStream();
      if (!stream.getTracks().includes(e.track)) stream.addTrack(e.track);
      this.streams.set(peerId, stream);
      this.onChange();
    };
    pc.onconnectionstatechange = () => this.onChange();
    this.peers.set(peerId, pc);
    return pc;
  }

  /** Offers a connection to a participant already in the call. */
  async call(peerId: number) {
    const pc = this.create(peerId);
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    await this.send(peerId, 'offer', JSON.stringify(pc.localDescription));
  }

  /** A signal from another participant: an offer is answered, an answer completes our offer. */
  async onSignal(from: number, kind: CallSignalKind, data: string) {
    if (kind === 'offer') {
      const pc = this.create(from);
      await pc.setRemoteDescription(JSON.parse(data) as RTCSessionDescriptionInit);
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
      await this.send(from, 'answer', JSON.stringify(pc.localDescription));
    } else if (kind === 'answer') {
      const pc = this.peers.get(from);
      if (pc?.signalingState === 'have-local-offer')
        await pc.setRemoteDescription(JSON.parse(data) as RTCSessionDescriptionInit);
    } else if (kind === 'candidate') {
      await this.peers
        .get(from)
        ?.addIceCandidate(JSON.parse(data) as RTCIceCandidateInit)
        .catch(() => undefined);
    }
  }

  /** Sends another video track (a screen share, or the camera again) to everyone. */
  async replaceVideo(track: MediaStreamTrack) {
    this.video = track;
    for (const pc of this.peers.values()) {
      const sender = pc.getSenders().find((s) => s.track?.kind === 'video');
      if (sender) await sender.replaceTrack(track);
    }
  }

  remove(peerId: number, notify = true) {
    this.peers.get(peerId)?.close();
    this.peers.delete(peerId);
    this.streams.delete(peerId);
    if (notify) this.onChange();
  }

  close() {
    for (const id of [...this.peers.keys()]) this.remove(id, false);
    this.onChange();
  }
}

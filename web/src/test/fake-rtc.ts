import { vi } from 'vitest';

/** Test doubles for the call screen: a peer connection whose state the test drives, and its data channel. */
export class FakeDataChannel {
  readyState: RTCDataChannelState = 'open';
  readonly sent: unknown[] = [];
  onmessage: ((e: { data: string }) => void) | null = null;
  constructor(readonly label: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 'closed';
  }
  /** The provider sends an event. */
  emit(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

export class FakePeerConnection {
  static instances: FakePeerConnection[] = [];
  connectionState: RTCPeerConnectionState = 'new';
  closed = false;
  readonly tracks: unknown[] = [];
  channel?: FakeDataChannel;
  remote?: RTCSessionDescriptionInit;
  ontrack: ((e: { streams: unknown[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor() {
    FakePeerConnection.instances.push(this);
  }
  addTrack(track: unknown) {
    this.tracks.push(track);
  }
  createDataChannel(label: string) {
    this.channel = new FakeDataChannel(label);
    return this.channel;
  }
  createOffer() {
    return Promise.resolve({ type: 'offer', sdp: 'v=0 offer-sdp' });
  }
  setLocalDescription() {
    return Promise.resolve();
  }
  setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remote = description;
    return Promise.resolve();
  }
  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }
  /** The browser reports a new connection state. */
  become(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

/** Installs the peer connection and a provider endpoint answering the SDP offer with `status`. */
export function installFakeRtc(status = 201) {
  FakePeerConnection.instances = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  const provider = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(new Response(status < 300 ? 'v=0 answer-sdp' : 'error', { status })),
  );
  vi.stubGlobal('fetch', provider);
  return { provider, peer: () => FakePeerConnection.instances.at(-1) };
}

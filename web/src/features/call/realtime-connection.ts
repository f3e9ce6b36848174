import { VOICE, type RealtimeSession } from '@cofounder/shared';

/** The provider answered the SDP offer with a non-2xx status. */
export class SdpRejectedError extends Error {
  constructor(readonly status: number) {
    super(`SDP offer rejected: ${status}`);
  }
}

/** Call audio: 24 kHz mono speech, echo-cancelled since the reply plays through the speakers. */
export function openCallMicrophone(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: {
      sampleRate: VOICE.callSampleRate,
      channelCount: 1,
      echoCancellation: true,
      noiseSuppression: true,
    },
  });
}

export interface PeerHandlers {
  onRemoteStream: (stream: MediaStream) => void;
  onMessage: (data: unknown) => void;
  onConnectionState: (state: RTCPeerConnectionState) => void;
}

/** A peer connection sending the microphone, playing what comes back, with the provider's 'oai-events' channel. */
export function openPeer(microphone: MediaStream, handlers: PeerHandlers) {
  const pc = new RTCPeerConnection();
  pc.ontrack = (e) => {
    const stream = e.streams[0];
    if (stream) handlers.onRemoteStream(stream);
  };
  pc.onconnectionstatechange = () => handlers.onConnectionState(pc.connectionState);
  for (const track of microphone.getTracks()) pc.addTrack(track, microphone);
  const channel = pc.createDataChannel('oai-events');
  channel.onmessage = (e: MessageEvent) => handlers.onMessage(e.data);
  return { pc, channel };
}

/** The offer/answer exchange: the offer goes straight to the provider with the session's short-lived secret. */
export async function negotiate(pc: RTCPeerConnection, session: RealtimeSession) {
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  const response = await fetch(session.realtime.callsUrl, {
    method: 'POST',
    body: offer.sdp,
    headers: { Authorization: `Bearer ${session.client_secret.value}`, 'Content-Type': 'application/sdp' },
  });
  if (!response.ok) throw new SdpRejectedError(response.status);
  await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
}

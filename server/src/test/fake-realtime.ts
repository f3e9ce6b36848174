import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, type RTCDataChannel } from 'werift';

/** A realtime event as JSON on the 'oai-events' data channel (either direction). */
export type RealtimeEvent = { type: string } & Record<string, unknown>;

/** One SDP POST that was answered with a peer connection. */
export interface FakeCall {
  id: string;
  authorization: string;
  offerSdp: string;
  answerSdp: string;
  /** RTP packets of the browser's microphone track that reached the fake. */
  packetsReceived: number;
  /** Client events received on 'oai-events', parsed, in order. */
  received: RealtimeEvent[];
  connectionState: string;
}

export interface FakeRealtimeOptions {
  /** The bearers accepted: a live set (pass the fake OpenAI's `mintedSecrets`) or a check. Others get 401. */
  validSecrets: Set<string> | ((secret: string) => boolean);
  /** Server events sent, in order, when 'oai-events' opens; defaults to DEFAULT_REALTIME_SCRIPT. */
  events?: RealtimeEvent[];
  /** Pause between scripted events (ms), so a page can show them arriving one by one. */
  eventIntervalMs?: number;
  /** Answer every SDP POST with this status instead of a call. */
  failStatus?: number | null;
  /** Fixed port for a standalone server (Playwright webServer); 0 picks a free one. */
  port?: number;
  host?: string;
}

export interface FakeRealtime {
  /** The API base (…/v1): the calls endpoint is `${baseUrl}/realtime/calls`. */
  baseUrl: string;
  callsUrl: string;
  /** Calls answered so far (refused POSTs are not calls). */
  calls: FakeCall[];
  /** Mutable: the script for calls that start from now on. */
  events: RealtimeEvent[];
  eventIntervalMs: number;
  /** Mutable: set to refuse the next SDP POSTs. */
  failStatus: number | null;
  /** Client events of every call, in arrival order. */
  readonly receivedEvents: RealtimeEvent[];
  /** Microphone RTP packets received over every call. */
  readonly packetsReceived: number;
  /** Answers a request for /v1/realtime/calls; the fake OpenAI mounts it so both share one base URL. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

/** What a call says by default: the founder's words, the intern's reply, then a create_task function call. */
export const DEFAULT_REALTIME_SCRIPT: RealtimeEvent[] = [
  { type: 'session.created', session: { type: 'realtime', object: 'realtime.session' } },
  {
    type: 'conversation.item.input_audio_transcription.completed',
    item_id: 'item_user_1',
    content_index: 0,
    transcript: 'Please add a task to email ten potential customers.',
  },
  {
    type: 'response.output_audio_transcript.done',
    response_id: 'resp_1',
    item_id: 'item_intern_1',
    output_index: 0,
    content_index: 0,
    transcript: 'Sure, I will add that to your tasks.',
  },
  {
    type: 'response.function_call_arguments.done',
    response_id: 'resp_1',
    item_id: 'item_call_1',
    output_index: 1,
    call_id: 'call_fake_1',
    name: 'create_task',
    arguments: JSON.stringify({ description: 'Email ten potential customers', priority: 7, agent: 'sales_agent' }),
  },
];

// A 20 ms Opus frame of silence (TOC 0xf8: CELT fullband 20 ms, mono): tiny, but real audio the browser decodes,
// so its inbound-rtp stats count bytes whether or not the microphone sends anything.
const OPUS_SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);
const FRAME_MS = 20;
const FRAME_TICKS = 960; // 20 ms at Opus's 48 kHz RTP clock

function bearerOf(req: IncomingMessage): string {
  return /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseEvent(data: string | Buffer): RealtimeEvent | null {
  try {
    const event = JSON.parse(data.toString()) as unknown;
    return typeof event === 'object' && event !== null && 'type' in event ? (event as RealtimeEvent) : null;
  } catch {
    return null;
  }
}

// Browsers POST from the app's origin with an Authorization header, so the endpoint must answer CORS preflights.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-expose-headers': 'location',
};

/**
 * OpenAI's GA realtime WebRTC endpoint on loopback: `POST /v1/realtime/calls` with an SDP offer and a minted
 * client secret answers 201 application/sdp from a werift peer, which counts the microphone's RTP packets,
 * sends Opus silence back, plays a script of server events on 'oai-events' and records the client's events.
 */
export async function startFakeRealtime(options: FakeRealtimeOptions): Promise<FakeRealtime> {
  const isValid = (secret: string) =>
    secret !== '' && (typeof options.validSecrets === 'function' ? options.validSecrets(secret) : options.validSecrets.has(secret));
  const peers = new Set<RTCPeerConnection>();
  const timers = new Set<NodeJS.Timeout>();

  const fake: FakeRealtime = {
    baseUrl: '',
    callsUrl: '',
    calls: [],
    events: options.events ?? DEFAULT_REALTIME_SCRIPT,
    eventIntervalMs: options.eventIntervalMs ?? 0,
    failStatus: options.failStatus ?? null,
    get receivedEvents() {
      return fake.calls.flatMap((call) => call.received);
    },
    get packetsReceived() {
      return fake.calls.reduce((sum, call) => sum + call.packetsReceived, 0);
    },
    handle: (req, res) => handle(req, res).catch(() => refuse(res, 500, 'The fake realtime peer failed')),
    async close() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...peers].map((pc) => pc.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function playScript(channel: RTCDataChannel, script: RealtimeEvent[], interval: number): void {
    let next = 0;
    const sendNext = () => {
      const event = script[next++];
      if (!event || channel.readyState !== 'open') return;
      channel.send(JSON.stringify({ event_id: `event_fake_${randomBytes(6).toString('hex')}`, ...event }));
      if (interval > 0) setTimeout(sendNext, interval);
      else sendNext();
    };
    sendNext();
  }

  function sendSilence(track: MediaStreamTrack): NodeJS.Timeout {
    let sequenceNumber = 0;
    let timestamp = 0;
    const timer = setInterval(() => {
      sequenceNumber = (sequenceNumber + 1) & 0xffff;
      timestamp = (timestamp + FRAME_TICKS) >>> 0;
      track.writeRtp(new RtpPacket(new RtpHeader({ payloadType: 111, sequenceNumber, timestamp }), OPUS_SILENCE));
    }, FRAME_MS);
    timers.add(timer);
    return timer;
  }

  async function answerCall(offerSdp: string, authorization: string): Promise<FakeCall> {
    const call: FakeCall = {
      id: `rtc_fake_${randomBytes(8).toString('hex')}`,
      authorization,
      offerSdp,
      answerSdp: '',
      packetsReceived: 0,
      received: [],
      connectionState: 'new',
    };
    const pc = new RTCPeerConnection({});
    peers.add(pc);
    const script = fake.events;
    const interval = fake.eventIntervalMs;
    const outbound = new MediaStreamTrack({ kind: 'audio' });
    let silence: NodeJS.Timeout | undefined;

    pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => call.packetsReceived++));
    pc.onDataChannel.subscribe((channel) => {
      if (channel.label !== 'oai-events') return;
      channel.onMessage.subscribe((data) => {
        const event = parseEvent(data);
        if (event) call.received.push(event);
      });
      if (channel.readyState === 'open') playScript(channel, script, interval);
      else channel.stateChanged.subscribe((state) => state === 'open' && playScript(channel, script, interval));
    });
    pc.connectionStateChange.subscribe((state) => {
      call.connectionState = state;
      if (state === 'connected' && !silence) silence = sendSilence(outbound);
      if (state === 'closed' || state === 'failed') {
        clearInterval(silence);
        peers.delete(pc);
      }
    });

    await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    // Transceivers made from the offer start recvonly; answering sendrecv gives the browser a track to play.
    for (const transceiver of pc.getTransceivers()) {
      if (transceiver.kind !== 'audio') continue;
      transceiver.setDirection('sendrecv');
      await transceiver.sender.replaceTrack(outbound);
    }
    await pc.setLocalDescription(await pc.createAnswer());
    // One answer, no trickle: it must carry every candidate.
    if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((state) => state === 'complete', 5000);
    call.answerSdp = pc.localDescription!.sdp;
    fake.calls.push(call);
    return call;
  }

  function refuse(res: ServerResponse, status: number, message: string): void {
    res.writeHead(status, { ...CORS, 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', code: null, param: null } }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url?.split('?')[0];
    if (path !== '/v1/realtime/calls') return refuse(res, 404, 'Not found');
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    if (req.method !== 'POST') return refuse(res, 405, 'Method not allowed');
    const offer = await readText(req);
    if (!isValid(bearerOf(req))) return refuse(res, 401, 'Invalid or expired ephemeral key.');
    if (fake.failStatus) return refuse(res, fake.failStatus, `Fake realtime failure ${fake.failStatus}`);
    if (!offer.startsWith('v=0')) return refuse(res, 400, 'The request body must be an SDP offer.');
    const call = await answerCall(offer, req.headers.authorization ?? '');
    res.writeHead(201, { ...CORS, 'content-type': 'application/sdp', location: `/v1/realtime/calls/${call.id}` });
    res.end(call.answerSdp);
  }

  const server = createServer((req, res) => void fake.handle(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  fake.baseUrl = `http://${options.host ?? '127.0.0.1'}:${(server.address() as { port: number }).port}/v1`;
  fake.callsUrl = `${fake.baseUrl}/realtime/calls`;
  return fake;
}

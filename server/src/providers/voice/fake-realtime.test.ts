import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { DEFAULT_REALTIME_SCRIPT, startFakeRealtime, type FakeRealtime, type RealtimeEvent } from '../../test/fake-realtime.ts';
import { createOpenAiVoiceProvider } from './openai.ts';

// A second werift peer plays the browser: the offer it POSTs is what Chromium's would be (audio sendrecv plus the
// 'oai-events' channel), so this proves the fake peer end to end without a browser.

let openai: FakeOpenAi;
let realtime: FakeRealtime;
const browsers: RTCPeerConnection[] = [];

beforeAll(async () => {
  openai = await startFakeOpenAi();
  realtime = await startFakeRealtime({ validSecrets: openai.mintedSecrets });
});
afterAll(async () => {
  await Promise.all(browsers.map((pc) => pc.close()));
  await realtime.close();
  await openai.close();
});
beforeEach(() => {
  realtime.failStatus = null;
});

async function mintSecret(): Promise<string> {
  const voice = createOpenAiVoiceProvider({ apiKey: 'sk-test', baseUrl: openai.baseUrl, timeoutMs: 5000, maxRetries: 0 });
  return (await voice.createClientSecret({ instructions: 'Be brief.', tools: [], voice: 'marin', model: 'gpt-realtime' })).value;
}

/** The browser's side: offer, POST, answer. Resolves with the HTTP status and what arrives on the channel. */
async function call(secret: string) {
  const pc = new RTCPeerConnection({});
  browsers.push(pc);
  const mic = new MediaStreamTrack({ kind: 'audio' });
  pc.addTransceiver(mic, { direction: 'sendrecv' });
  const channel = pc.createDataChannel('oai-events');
  const events: RealtimeEvent[] = [];
  let packetsBack = 0;
  channel.onmessage = (message) => events.push(JSON.parse(message.data.toString()) as RealtimeEvent);
  pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => packetsBack++));
  await pc.setLocalDescription(await pc.createOffer());
  const res = await fetch(realtime.callsUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/sdp' },
    body: pc.localDescription!.sdp,
  });
  const body = await res.text();
  if (res.status === 201) await pc.setRemoteDescription({ type: 'answer', sdp: body });
  return { pc, res, body, channel, events, mic, packetsBack: () => packetsBack };
}

describe('fake realtime peer (werift on loopback)', () => {
  it('answers a minted secret with SDP, plays the script, records client events and counts audio', async () => {
    const secret = await mintSecret();
    const browser = await call(secret);
    expect(browser.res.status).toBe(201);
    expect(browser.res.headers.get('content-type')).toBe('application/sdp');
    expect(browser.body).toMatch(/^v=0/);

    await vi.waitFor(() => expect(browser.events).toHaveLength(DEFAULT_REALTIME_SCRIPT.length), { timeout: 5000 });
    expect(browser.events.map((e) => e.type)).toEqual(DEFAULT_REALTIME_SCRIPT.map((e) => e.type));
    const toolCall = browser.events.find((e) => e.type === 'response.function_call_arguments.done')!;
    expect(toolCall).toMatchObject({ name: 'create_task', call_id: 'call_fake_1' });

    const output = { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'call_fake_1', output: '{"ok":true}' } };
    browser.channel.send(JSON.stringify(output));
    browser.channel.send(JSON.stringify({ type: 'response.create' }));
    const [recorded] = realtime.calls.slice(-1);
    await vi.waitFor(() => expect(recorded!.received).toHaveLength(2), { timeout: 5000 });
    expect(recorded!.received[0]).toEqual(output);
    expect(recorded!.authorization).toBe(`Bearer ${secret}`);

    // The microphone's packets reach the fake, and the fake's audio reaches the browser.
    let sequenceNumber = 0;
    const speak = setInterval(() => {
      sequenceNumber++;
      browser.mic.writeRtp(new RtpPacket(new RtpHeader({ payloadType: 111, sequenceNumber, timestamp: sequenceNumber * 960 }), Buffer.from([0xf8, 0xff, 0xfe])));
    }, 20);
    try {
      await vi.waitFor(() => expect(realtime.packetsReceived).toBeGreaterThan(5), { timeout: 5000 });
      await vi.waitFor(() => expect(browser.packetsBack()).toBeGreaterThan(5), { timeout: 5000 });
    } finally {
      clearInterval(speak);
    }
    await browser.pc.close();
  });

  it('refuses a secret it did not mint with 401', async () => {
    const browser = await call('ek_never_minted');
    expect(browser.res.status).toBe(401);
    expect(browser.res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers failStatus instead of a call when told to', async () => {
    const before = realtime.calls.length;
    realtime.failStatus = 503;
    const browser = await call(await mintSecret());
    expect(browser.res.status).toBe(503);
    expect(realtime.calls).toHaveLength(before);
  });
});

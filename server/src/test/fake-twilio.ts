import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { twilioSignature } from '../providers/sms/twilio.ts';

export const FAKE_TWILIO_SID = `AC${'0'.repeat(31)}1`;
export const FAKE_TWILIO_TOKEN = 'fake-twilio-auth-token';
export const FAKE_TWILIO_NUMBER = '+15550001111';

export interface FakeTwilioMessage {
  To: string;
  From: string;
  Body: string;
}

export interface FakeTwilio {
  /** The TWILIO_* environment pointing the app at this fake. */
  env: Record<string, string>;
  /** Every accepted Messages.json post, in order. */
  sent: FakeTwilioMessage[];
  /** Requests refused for bad basic auth. */
  unauthorized: number;
  /** GETs of recordings (and the media they redirect to), with the authorization they carried. */
  recordingFetches: { url: string; authorization: string | undefined }[];
  /** The RecordingUrl Twilio would post for a recording id. */
  recordingUrl(id: string): string;
  /** What every recording's media answers (default: a RIFF/WAVE head over zeros, no readable audio); tests set speech. */
  recordingAudio: Buffer;
  /** Makes the next sends fail with Twilio's JSON error (status 400, code 21610: the number opted out). */
  failNext(count?: number): void;
  close(): Promise<void>;
}

/** A loopback Twilio REST API for just `POST /2010-04-01/Accounts/{sid}/Messages.json` with basic auth. */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  const sent: FakeTwilioMessage[] = [];
  let failing = 0;
  const state = {
    unauthorized: 0,
    recordingFetches: [] as { url: string; authorization: string | undefined }[],
    recordingAudio: Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(2000)]) as Buffer,
  };
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_TWILIO_SID}:${FAKE_TWILIO_TOKEN}`).toString('base64')}`;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const recording = /^\/2010-04-01\/Accounts\/([^/]+)\/Recordings\/(RE\w+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && (recording || req.url?.startsWith('/media/'))) {
        state.recordingFetches.push({ url: req.url ?? '', authorization: req.headers.authorization });
        if (req.headers.authorization !== expectedAuth || (recording && recording[1] !== FAKE_TWILIO_SID)) {
          state.unauthorized += 1;
          return reply(401, { code: 20003, message: 'Authenticate', status: 401 });
        }
        // As Twilio does: the recording answers with a redirect to where the media lives.
        if (recording) {
          res.writeHead(302, { location: `/media/${recording[2]}.wav` });
          return res.end();
        }
        res.writeHead(200, { 'content-type': 'audio/x-wav' });
        return res.end(state.recordingAudio);
      }
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${FAKE_TWILIO_SID}/Messages.json`) {
        return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      }
      if (req.headers.authorization !== expectedAuth) {
        state.unauthorized += 1;
        return reply(401, { code: 20003, message: 'Authenticate', status: 401 });
      }
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      if (failing > 0) {
        failing -= 1;
        return reply(400, { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 });
      }
      sent.push({ To: form.To ?? '', From: form.From ?? '', Body: form.Body ?? '' });
      reply(201, { sid: `SM${randomBytes(16).toString('hex')}`, status: 'queued', to: form.To, from: form.From, body: form.Body });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    env: {
      TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
      TWILIO_PHONE_NUMBER: FAKE_TWILIO_NUMBER,
      TWILIO_API_BASE_URL: `http://127.0.0.1:${port}`,
    },
    sent,
    get unauthorized() {
      return state.unauthorized;
    },
    recordingFetches: state.recordingFetches,
    get recordingAudio() {
      return state.recordingAudio;
    },
    set recordingAudio(audio: Buffer) {
      state.recordingAudio = audio;
    },
    recordingUrl: (id) => `http://127.0.0.1:${port}/2010-04-01/Accounts/${FAKE_TWILIO_SID}/Recordings/${id}`,
    failNext(count = 1) {
      failing += count;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Posts a Twilio webhook to the app, signed as Twilio would (or with `signature` when given). */
export function postTwilioWebhook(
  baseUrl: string,
  path: string,
  params: Record<string, string>,
  options: { signature?: string | null; publicUrl?: string } = {},
): Promise<Response> {
  const signature =
    options.signature === undefined ? twilioSignature(FAKE_TWILIO_TOKEN, `${options.publicUrl ?? baseUrl}${path}`, params) : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (signature !== null) headers['x-twilio-signature'] = signature;
  return fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: new URLSearchParams(params).toString() });
}

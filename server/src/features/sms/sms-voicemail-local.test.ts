import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConversationResponse } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLocalSpeech } from '../../providers/voice/local/detect.ts';
import { encodeWav, parseWav, resample } from '../../providers/voice/local/wav.ts';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { FAKE_TWILIO_NUMBER, postTwilioWebhook, startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { synthesize, wordAccuracy } from '../../test/speech.ts';
import { call, type TestUser } from '../../test/users.ts';
import { settleVoicemails } from './sms.routes.ts';

// Issue 24 §1: with no speech key, a voicemail is transcribed by pocketsphinx on this machine. Twilio records
// 8 kHz mono WAV: the recording here is flite speech brought down to 8 kHz, as a phone line would carry it.

const detection = detectLocalSpeech();
const SAID = 'Remind me to call the bank on Monday morning';

let t: TestServer;
let twilio: FakeTwilio;
let audioDir: string;

async function verifiedUser(phone: string): Promise<TestUser> {
  const user = await onboardedUser(t);
  await givePlan(t.database, user.id, 'builder');
  const gen = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { token: user.token, body: {} });
  const { code } = (await gen.json()) as { code: string };
  await postTwilioWebhook(t.baseUrl, '/api/sms/webhook', { From: phone, To: FAKE_TWILIO_NUMBER, Body: code });
  return user;
}

describe.skipIf(!detection.found)(
  `voicemail with local speech${detection.found ? '' : ` (skipped: ${detection.found === false && detection.reason})`}`,
  () => {
    beforeAll(async () => {
      if (!detection.found) return;
      audioDir = await mkdtemp(join(tmpdir(), 'cofounder-voicemail-audio-'));
      const { wav } = await synthesize(detection.tools.synthesizer, SAID, audioDir, 'voicemail');
      twilio = await startFakeTwilio();
      twilio.recordingAudio = encodeWav(resample(parseWav(wav)!, 8000));
      // No speech key: the server's voice is pocketsphinx on this machine.
      t = await startTestServer({ ...CHAT_TEST_OPTIONS, env: { ...CHAT_TEST_OPTIONS.env, ...twilio.env } });
    });
    afterAll(async () => {
      await t?.close();
      await twilio?.close();
      if (audioDir) await rm(audioDir, { recursive: true, force: true });
    });

    it('an 8 kHz voicemail is transcribed into the chat, marked as come by phone, and answered', async () => {
      expect(t.app.voice.engine).toBe('local');
      expect(parseWav(twilio.recordingAudio)?.sampleRate).toBe(8000);
      const phone = '+14157770101';
      const user = await verifiedUser(phone);
      const res = await postTwilioWebhook(t.baseUrl, '/api/voice/recording', {
        From: phone,
        To: FAKE_TWILIO_NUMBER,
        RecordingUrl: twilio.recordingUrl('RE0123456789abcdef'),
        RecordingDuration: '3',
      });
      expect(res.status).toBe(200);
      await settleVoicemails();
      const chat = (await (await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token })).json()) as ConversationResponse;
      const heardAt = chat.messages.findIndex((m) => m.role === 'user' && m.via === 'phone');
      const heard = chat.messages[heardAt]!;
      console.log(`voicemail (8 kHz): said "${SAID}" → chat "${heard.text}"`);
      expect(heard.text).not.toMatch(/^Voicemail received by phone/);
      expect(wordAccuracy([{ said: SAID, heard: heard.text }])).toBeGreaterThanOrEqual(0.8);
      expect(chat.messages[heardAt + 1]).toMatchObject({ role: 'intern', via: 'phone' });
      expect(twilio.sent.filter((m) => m.To === phone).length).toBeGreaterThan(0);
    }, 60_000);
  },
);

// Local transcription speed, in one process and one run (issue 24 §5): the real-time factor (seconds spent / seconds
// of audio) of the ten founder sentences spoken by flite,
//  - baseline: the bare pocketsphinx_continuous process on each WAV file (its model load included), as Debian ships it;
//  - ours: POST /transcription with the WAV (upload, checks, pool, resampling, a loaded pocketsphinx_batch, the answer);
// each one recording at a time and two at a time (the pool's size), printed with ours as a ratio of the baseline.
// Goal: RTF ≤ 0.5. Skipped (exit 0) when pocketsphinx or flite is not installed, naming the install command.
// BENCH_SMOKE=1: the two shortest sentences.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LOCAL_VOICE, TranscriptionResponse } from '@cofounder/shared';
import { detectLocalSpeech } from '../server/src/providers/voice/local/detect.ts';
import { parseWav, secondsOf } from '../server/src/providers/voice/local/wav.ts';
import { CHAT_TEST_OPTIONS } from '../server/src/test/factories.ts';
import { startTestServer } from '../server/src/test/server.ts';
import { FOUNDER_SENTENCES, synthesize, wordAccuracy } from '../server/src/test/speech.ts';
import { signedInUser } from '../server/src/test/users.ts';
import { exitCode, row, SMOKE } from './report.ts';

const TARGET_RTF = 0.5;
const SENTENCES = SMOKE ? [...FOUNDER_SENTENCES].sort((a, b) => a.length - b.length).slice(0, 2) : FOUNDER_SENTENCES;
const run = promisify(execFile);

interface Recording {
  said: string;
  file: string;
  wav: Buffer;
  seconds: number;
}

/** Wall seconds for `parallel` loops taking the recordings in turn, and the text each one gave. */
async function timed(recordings: Recording[], parallel: number, once: (r: Recording, loop: number) => Promise<string>) {
  const heard: string[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async (_, loop) => {
      while (next < recordings.length) {
        const i = next++;
        heard[i] = await once(recordings[i]!, loop);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const audio = recordings.reduce((sum, r) => sum + r.seconds, 0);
  return { rtf: seconds / audio, accuracy: wordAccuracy(recordings.map((r, i) => ({ said: r.said, heard: heard[i] ?? '' }))) };
}

const detection = detectLocalSpeech();
if (!detection.found) {
  console.log(`local voice: skipped (${detection.reason})`);
  process.exit(0);
}
const { tools } = detection;
const dir = await mkdtemp(join(tmpdir(), 'cofounder-bench-voice-'));
const server = await startTestServer({ ...CHAT_TEST_OPTIONS, env: { ...CHAT_TEST_OPTIONS.env, USER_RATE_LIMITS: 'false' } });
try {
  const recordings: Recording[] = [];
  for (const [i, said] of SENTENCES.entries()) {
    const { file, wav } = await synthesize(tools.synthesizer, said, dir, `sentence-${i}`);
    recordings.push({ said, file, wav, seconds: secondsOf(parseWav(wav)!) });
  }
  const audio = recordings.reduce((sum, r) => sum + r.seconds, 0);
  console.log(`${recordings.length} founder sentences, ${audio.toFixed(1)} s of audio (flite rms, 16 kHz), ${LOCAL_VOICE.providerName}`);
  // The recogniser is CPU-bound: a busy machine slows baseline and ours alike (the ratio holds, the RTF does not).
  console.log(`machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)} at the start`);

  const bare = async (r: Recording) => (await run(tools.liveRecognizer, ['-infile', r.file, '-logfn', '/dev/null'])).stdout.trim();
  // One founder per loop: a founder has one recording in transcription at a time (the server refuses a second).
  const founders = [await signedInUser(server), await signedInUser(server)];
  const ours = async (r: Recording, loop: number) => {
    const user = founders[loop]!;
    const form = new FormData();
    form.set('audio', new Blob([new Uint8Array(r.wav)], { type: 'audio/wav' }), 'recording.wav');
    const res = await fetch(`${server.baseUrl}/transcription`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
    if (res.status !== 200) throw new Error(`POST /transcription: ${res.status} ${await res.text()}`);
    return TranscriptionResponse.parse(await res.json()).text;
  };

  for (const parallel of [1, 2]) {
    const baseline = await timed(recordings, parallel, bare);
    const app = await timed(recordings, parallel, ours);
    const label = parallel === 1 ? 'one at a time' : `${parallel} at a time`;
    const floor = 'floor bare pocketsphinx_continuous';
    row({
      figure: `POST /transcription real-time factor, ${label} (${floor})`,
      value: app.rtf,
      floor: baseline.rtf,
      unit: '',
      goal: { of: 'value', max: TARGET_RTF },
    });
    row({ figure: `POST /transcription words right, ${label} (${floor})`, value: app.accuracy * 100, floor: baseline.accuracy * 100, unit: '%' });
  }
} finally {
  await server.close();
  await rm(dir, { recursive: true, force: true });
}
process.exitCode = exitCode();

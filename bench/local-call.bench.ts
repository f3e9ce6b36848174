// Local voice call turn latency (issue 24 §5), in one process and one run, offline co-founder, on this machine:
//  - the call: a founder's sentence (flite, rms voice) streamed in real time as 20 ms frames over the local call
//    socket, then silence; latency = the last frame of speech sent → the first byte of the spoken answer back on
//    the socket. It holds the end-of-turn wait (LOCAL_VOICE.call.endOfTurnSilenceMs), recognition, the chat's
//    answer (stored, metered, tasks planned) and synthesis. Goal: median ≤ 2.5 s.
//  - the baseline: each turn's audio recognised once it has ended (the voice notes' recogniser: a fresh
//    pocketsphinx, model load and the whole decode after the end) and the answer spoken, with no socket, chat or
//    end-of-turn wait; interleaved with the calls so machine load hits both alike. The call recognises while the
//    founder speaks (live-recognizer.ts), which is why it can beat this baseline despite doing more.
// BENCH_SMOKE=1: one turn, counted.
import { LOCAL_VOICE } from '@cofounder/shared';
import { openCallSocket } from '../server/src/features/voice/local-call/local-call-client.ts';
import { silence, spoken } from '../server/src/test/speech.ts';
import { detectLocalSpeech } from '../server/src/providers/voice/local/detect.ts';
import { givePlan } from '../server/src/test/plans.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../server/src/test/factories.ts';
import { startTestServer } from '../server/src/test/server.ts';
import { exitCode, row, SMOKE } from './report.ts';

const GOAL_MEDIAN_MS = 2500;
/** Founder turns, in order; the first warms the recogniser's estimate of this "microphone" and is not counted. */
const SENTENCES = [
  'Hello there',
  'What should I focus on this week',
  'Make a plan to research our top five competitors',
  'How do I find my first ten customers',
  'Should we raise money now or later',
  'Give me a plan for this week',
].slice(0, SMOKE ? 1 : undefined);
const WARMUP_TURNS = SMOKE ? 0 : 1;
/** A sample louder than this is speech (flite's output is silent around its words). */
const SPEECH_LEVEL = 300;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const s = (n: number) => `${(n / 1000).toFixed(2)} s`;

/** The sentence up to its last loud sample: "end of speech" is then the last frame streamed. */
function trimmed(samples: Int16Array): Int16Array {
  let last = samples.length - 1;
  while (last > 0 && Math.abs(samples[last]!) < SPEECH_LEVEL) last--;
  return samples.subarray(0, last + 1);
}

const detection = detectLocalSpeech();
if (!detection.found) {
  console.log(`skipped: ${detection.reason}`);
  process.exit(0);
}

const server = await startTestServer({ ...CHAT_TEST_OPTIONS, env: { ...CHAT_TEST_OPTIONS.env, USER_RATE_LIMITS: 'false' } });
const { baseUrl } = server;
try {
  const speech = server.app.localSpeech!;
  const user = await onboardedUser(server);
  await givePlan(server.database, user.id, 'scale');
  const client = await openCallSocket(baseUrl);
  client.send({ type: 'start', token: user.token });
  await client.until((r) => r.messages.some((m) => m.type === 'ready'));

  const callMs: number[] = [];
  const baselineMs: number[] = [];
  for (const [i, sentence] of SENTENCES.entries()) {
    const words = trimmed(spoken(sentence));
    const before = client.audio.length;
    await client.stream(silence(300), true);
    const endOfSpeech = await client.stream(words, true);
    const trailing = client.stream(silence(LOCAL_VOICE.call.endOfTurnSilenceMs + 3000), true);
    await client.until((r) => r.audio.length > before, 30_000);
    const latency = client.audio[before]!.at - endOfSpeech;
    await trailing;
    const heard = client.messages.filter((m) => m.type === 'transcript' && m.role === 'user').at(-1);
    const answer = client.messages.filter((m) => m.type === 'transcript' && m.role === 'intern').at(-1);

    // The baseline: the same audio the detector would hand over, recognised and its answer spoken, nothing else.
    const turn = Int16Array.from([...silence(300), ...words, ...silence(300)]);
    const started = performance.now();
    await speech.recognizer.recognize({ sampleRate: LOCAL_VOICE.sampleRate, samples: turn }, `${user.id}-baseline`);
    await speech.synthesizer.speak(answer && 'text' in answer ? answer.text : sentence);
    const bare = performance.now() - started;
    const label = i < WARMUP_TURNS ? '(warm-up)' : '';
    console.log(`turn ${i}: ${s(latency)} call, ${s(bare)} baseline  "${sentence}" → "${heard && 'text' in heard ? heard.text : ''}" ${label}`);
    if (i < WARMUP_TURNS) continue;
    callMs.push(latency);
    baselineMs.push(bare);
  }
  client.send({ type: 'end' });
  await client.closed;

  console.log(`of the call's latency, the end-of-turn wait is ${s(LOCAL_VOICE.call.endOfTurnSilenceMs)}`);
  // The floor recognises after the turn and speaks, with no socket, chat or end-of-turn wait.
  const seconds = (values: number[], q: number) => quantile(values, q) / 1000;
  row({
    figure: 'local call, end of speech to first answer audio byte, median',
    value: seconds(callMs, 0.5),
    floor: seconds(baselineMs, 0.5),
    unit: 's',
    goal: { of: 'value', max: GOAL_MEDIAN_MS / 1000 },
  });
  row({
    figure: 'local call, end of speech to first answer audio byte, p90',
    value: seconds(callMs, 0.9),
    floor: seconds(baselineMs, 0.9),
    unit: 's',
  });
} finally {
  await server.close();
}
process.exitCode = exitCode();

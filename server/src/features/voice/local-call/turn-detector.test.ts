import { LOCAL_VOICE } from '@cofounder/shared';
import { describe, expect, it } from 'vitest';
import { createFramer, createTurnDetector, type TurnEvent } from './turn-detector.ts';

const { frameMs, endOfTurnSilenceMs, minSpeechMs, maxTurnSeconds } = LOCAL_VOICE.call;
const FRAME = (LOCAL_VOICE.sampleRate * frameMs) / 1000;

/** A seeded generator, so a failing run can be repeated. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}
const rand = random(7);

/** `ms` of background noise with an RMS near `level`. */
const noise = (ms: number, level: number) => frames(ms, () => (rand() * 2 - 1) * level * Math.sqrt(3));
/**
 * `ms` of speech-like sound over the background: syllables of a 180 Hz tone (RMS ≈ 0.7 × amplitude), 200 ms each,
 * with 40 ms between them at the background's level, as speech has.
 */
const voice = (ms: number, amplitude: number, background = 0) => {
  let n = 0;
  return frames(ms, () => {
    const t = n++ / LOCAL_VOICE.sampleRate;
    const on = (t * 1000) % 240 < 200 ? 1 : 0;
    return on * Math.sin(2 * Math.PI * 180 * t) * amplitude + (rand() * 2 - 1) * background;
  });
};
function frames(ms: number, sample: () => number): Int16Array[] {
  return Array.from({ length: Math.round(ms / frameMs) }, () => Int16Array.from({ length: FRAME }, () => Math.round(sample())));
}

function run(...parts: Int16Array[][]): TurnEvent[] {
  const detector = createTurnDetector();
  return parts.flat().flatMap((f) => detector.push(f));
}
const turns = (events: TurnEvent[]) => events.flatMap((e) => (e.type === 'turn' ? [e] : []));
/** What a turn's listener acts on (leaving out the audio streamed while it is open). */
const decisions = (events: TurnEvent[]) => events.map((e) => e.type).filter((type) => type !== 'audio');

describe('turn detector', () => {
  it('silence, speech, silence: one turn holding the speech, announced once', () => {
    const events = run(noise(1000, 30), voice(1200, 4000), noise(1000, 30));
    expect(decisions(events)).toEqual(['open', 'speech', 'turn']);
    const [turn] = turns(events);
    expect(turn!.cut).toBe(false);
    // 200 ms in every 240 ms is voiced.
    expect(turn!.speechMs).toBeGreaterThanOrEqual(960);
    expect(turn!.speechMs).toBeLessThanOrEqual(1040);
    // The speech plus at most the pre-roll and the trailing silence kept (300 ms each).
    const seconds = turn!.samples.length / LOCAL_VOICE.sampleRate;
    expect(seconds).toBeGreaterThanOrEqual(1.2);
    expect(seconds).toBeLessThanOrEqual(1.2 + 0.6 + 0.001);
  });

  it('the turn ends exactly after the end-of-turn silence, not before', () => {
    const detector = createTurnDetector();
    for (const f of [...noise(500, 30), ...voice(600, 4000)]) detector.push(f);
    const quiet = noise(endOfTurnSilenceMs, 30);
    const ends = quiet.map((f) => detector.push(f).some((e) => e.type === 'turn'));
    expect(ends.indexOf(true)).toBe(quiet.length - 1);
  });

  it('pauses shorter than the end-of-turn silence stay in one turn', () => {
    const events = run(noise(300, 30), voice(500, 4000), noise(endOfTurnSilenceMs - 100, 30), voice(500, 4000), noise(1000, 30));
    expect(turns(events)).toHaveLength(1);
  });

  it('a short click is no turn: opened, then dropped', () => {
    const events = run(noise(1000, 30), voice(minSpeechMs - 2 * frameMs, 12_000), noise(2000, 30));
    expect(decisions(events)).toEqual(['open', 'drop']);
  });

  it('the audio streamed while a turn is open is the turn\'s audio, and more', () => {
    const events = run(noise(1000, 30), voice(900, 4000), noise(1000, 30));
    const streamed = events.flatMap((e) => (e.type === 'open' || e.type === 'audio' ? [...e.samples] : []));
    const [turn] = turns(events);
    // The turn keeps less of the trailing silence than a listener was given.
    expect(streamed.slice(0, turn!.samples.length)).toEqual([...turn!.samples]);
    expect(streamed.length).toBeGreaterThan(turn!.samples.length);
  });

  it('two sentences with a long pause are two turns', () => {
    const events = run(noise(300, 30), voice(800, 4000), noise(1500, 30), voice(800, 4000), noise(1000, 30));
    expect(turns(events)).toHaveLength(2);
  });

  it('a turn longer than the limit is cut and answered', () => {
    const events = run(noise(200, 30), voice(maxTurnSeconds * 1000 + 2000, 4000), noise(1000, 30));
    const found = turns(events);
    expect(found[0]).toMatchObject({ cut: true });
    expect(found[0]!.samples.length).toBe(maxTurnSeconds * LOCAL_VOICE.sampleRate);
    expect(found).toHaveLength(2); // the rest of the speech is the next turn
  });

  it('the noise floor adapts: speech over a loud fan is one turn, the fan itself none', () => {
    const detector = createTurnDetector();
    const events = [...noise(2000, 600), ...voice(1000, 5000, 600), ...noise(3000, 600)].flatMap((f) => detector.push(f));
    expect(turns(events)).toHaveLength(1);
    expect(detector.noiseFloor).toBeGreaterThan(400);
    expect(detector.noiseFloor).toBeLessThan(800);
  });

  it('the noise floor follows a step in background noise: at most one turn from the step, then speech still heard', () => {
    const detector = createTurnDetector();
    const push = (parts: Int16Array[]) => parts.flatMap((f) => detector.push(f));
    push(noise(1000, 40));
    const step = push(noise(8000, 500));
    expect(turns(step).length).toBeLessThanOrEqual(1);
    expect(turns(push(noise(5000, 500)))).toEqual([]); // adapted: the louder room is quiet now
    expect(turns(push([...voice(1000, 6000, 500), ...noise(1000, 500)]))).toHaveLength(1);
  });

  it('flush ends the turn in progress (mute, hang-up); not a click', () => {
    const detector = createTurnDetector();
    for (const f of [...noise(200, 30), ...voice(600, 4000)]) detector.push(f);
    expect(turns(detector.flush())).toHaveLength(1);
    expect(detector.flush()).toEqual([]);
    for (const f of [...noise(200, 30), ...voice(100, 4000)]) detector.push(f);
    expect(detector.flush()).toEqual([{ type: 'drop' }]);
  });
});

describe('framer', () => {
  it('cuts little-endian bytes into 20 ms frames whatever the message sizes', () => {
    const framer = createFramer(FRAME);
    const samples = Int16Array.from({ length: FRAME * 2 + 5 }, (_, i) => i - 300);
    const bytes = Buffer.from(samples.buffer);
    const out = [...framer(bytes.subarray(0, 101)), ...framer(bytes.subarray(101, 700)), ...framer(bytes.subarray(700))];
    expect(out).toHaveLength(2);
    expect([...out[0]!, ...out[1]!]).toEqual([...samples.subarray(0, FRAME * 2)]);
    expect(framer(Buffer.from(new Int16Array(FRAME - 5).buffer))).toHaveLength(1); // the 5 left over complete it
  });
});

import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_VOICE } from '@cofounder/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { silence, spoken, wordAccuracy } from '../../../test/speech.ts';
import { detectLocalSpeech } from './detect.ts';
import { createLiveRecognizer } from './live-recognizer.ts';
import { createRecognizer, tunedModelDir } from './pocketsphinx.ts';
import { createSpeakerCalibration } from './speaker-calibration.ts';
import { createWorkPool } from './work-pool.ts';

const detection = detectLocalSpeech();
const tools = detection.found ? detection.tools : null;
const previousTmp = process.env.TMPDIR;
let temp: string;
const PRICE = 'Help me set a price for the basic plan';
const audio = (samples: Int16Array) => ({ sampleRate: LOCAL_VOICE.sampleRate, samples });

function recognizerFor(binary = tools!.recognizer) {
  const calibration = createSpeakerCalibration();
  return { calibration, recognizer: createRecognizer({ binary, hmm: tools!.modelDir, pool: createWorkPool(1), calibration }) };
}

/** The recordings a recogniser has on disk under `root` (each in its private cofounder-stt-* folder). */
async function recordingsIn(root: string): Promise<string[]> {
  const folders = (await readdir(root)).filter((name) => name.startsWith('cofounder-stt-'));
  const files = await Promise.all(folders.map(async (folder) => (await readdir(join(root, folder))).filter((name) => name.endsWith('.raw'))));
  return files.flat();
}

describe.skipIf(!tools)('the pocketsphinx recogniser', () => {
  beforeAll(async () => {
    temp = await mkdtemp(join(tmpdir(), 'cofounder-recognizer-test-'));
    process.env.TMPDIR = temp;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    await rm(temp, { recursive: true, force: true });
  });

  it('hears a first note from a new speaker, stays loaded for the next, and remembers their microphone', async () => {
    const { recognizer, calibration } = recognizerFor();
    try {
      const first = await recognizer.recognize(audio(spoken(PRICE)), 'founder');
      expect(wordAccuracy([{ said: PRICE, heard: first.text }])).toBeGreaterThanOrEqual(0.8);
      expect(recognizer.warm).toBe(1);
      // The founder's estimate is what their next call turn starts from.
      expect(calibration.startFor('founder')).not.toBe(calibration.startFor('someone-else'));
      const said = 'Remind me to call the bank on Monday morning';
      const second = await recognizer.recognize(audio(spoken(said)), 'founder');
      expect(wordAccuracy([{ said, heard: second.text }])).toBeGreaterThanOrEqual(0.8);
      expect(recognizer.warm).toBe(1);
      // Silence and an empty recording: no words, and the recogniser is still there for the next note.
      expect((await recognizer.recognize(audio(silence(500)))).text).toBe('');
      expect((await recognizer.recognize(audio(new Int16Array(0)))).text).toBe('');
      expect(recognizer.warm).toBe(1);
      // Its recordings are gone; only its private folder (with its list of names) remains until it closes.
      const [folder, ...others] = (await readdir(temp)).filter((name) => name.startsWith('cofounder-stt-'));
      expect(others).toEqual([]);
      expect(await readdir(join(temp, folder!))).toEqual([expect.stringMatching(/^decoder-\d+\.ctl$/)]);
    } finally {
      await recognizer.close();
    }
    expect((await readdir(temp)).filter((name) => name.startsWith('cofounder-stt-'))).toEqual([]);
    expect(recognizer.warm).toBe(0);
    await expect(recognizer.recognize(audio(spoken(PRICE)))).rejects.toThrow(/closed/);
  }, 60_000);

  it('lets go of a loaded recogniser once no note has come for a while', async () => {
    const { recognizer } = recognizerFor();
    try {
      await recognizer.recognize(audio(spoken('Write a launch post')));
      // Loaded (with real timers: it is fed once it has opened its list); the time since its last note is faked.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      await recognizer.recognize(audio(spoken('Write a launch post')));
      vi.advanceTimersByTime(LOCAL_VOICE.warmForMs - 1000);
      expect(recognizer.warm).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(recognizer.warm).toBe(0);
    } finally {
      await recognizer.close();
    }
  }, 60_000);

  // Deterministic on a loaded or an idle machine: the clock moves once the note's recording is on disk, which is
  // written after its limit timer is set and after mkfifo's own timer is gone (moving the clock while mkfifo ran
  // used to fire that timer instead); the FIFO writer's retries wait on the real clock, and a decode takes far
  // longer than one poll of waitFor.
  it('a note past its time limit fails as timed out, and the next note gets a fresh recogniser', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { recognizer } = recognizerFor();
    try {
      const note = spoken(PRICE);
      const slow = recognizer.recognize(audio(note));
      await vi.waitFor(async () => expect(await recordingsIn(temp)).toHaveLength(1), { timeout: 10_000, interval: 10 });
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(LOCAL_VOICE.timeoutMs + (note.length / LOCAL_VOICE.sampleRate) * 1000);
      await expect(slow).rejects.toThrow(/timed out/);
      expect(recognizer.warm).toBe(0);
      vi.useRealTimers();
      const next = await recognizer.recognize(audio(spoken(PRICE)));
      expect(wordAccuracy([{ said: PRICE, heard: next.text }])).toBeGreaterThanOrEqual(0.8);
    } finally {
      await recognizer.close();
    }
  }, 60_000);

  it('a recogniser that cannot start fails the note with why', async () => {
    const { recognizer } = recognizerFor('/nonexistent/pocketsphinx_batch');
    try {
      await expect(recognizer.recognize(audio(spoken('Hello')))).rejects.toThrow(/pocketsphinx_batch/);
      expect(recognizer.warm).toBe(0);
    } finally {
      await recognizer.close();
    }
  });

  it('refuses audio at another rate than the model was trained on', async () => {
    const { recognizer } = recognizerFor();
    expect(() => recognizer.recognize({ sampleRate: 8000, samples: new Int16Array(8000) })).toThrow(/16000 Hz/);
    await recognizer.close();
  });

  it('a call turn never uses a model folder another user planted under its name in the shared temp folder', async () => {
    // World-writable, with a feat.params that would break recognition: what another user could leave there.
    const planted = join(temp, `cofounder-pocketsphinx-${process.getuid?.() ?? 'user'}`);
    await mkdir(planted);
    await writeFile(join(planted, 'feat.params'), '-lowerf nonsense\n');
    await chmod(planted, 0o777);
    const live = createLiveRecognizer({ binary: tools!.liveRecognizer, hmm: tunedModelDir(tools!.modelDir), calibration: createSpeakerCalibration() });
    const turn = await live.listen('founder');
    turn.write(Int16Array.from([...silence(300), ...spoken(PRICE), ...silence(300)]));
    expect(wordAccuracy([{ said: PRICE, heard: await turn.finish() }])).toBeGreaterThanOrEqual(0.6);
    // Its own model copy (private, 0700) is what remains beside the planted one.
    expect((await readdir(temp)).some((name) => name.startsWith('cofounder-pocketsphinx-') && name.includes('-staging-'))).toBe(true);
  }, 60_000);
});

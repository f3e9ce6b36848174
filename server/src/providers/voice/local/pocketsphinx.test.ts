import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesize, wordAccuracy } from '../../../test/speech.ts';
import { detectLocalSpeech } from './detect.ts';
import { createRecognizer, tunedModelDir } from './pocketsphinx.ts';
import { createSpeakerCalibration } from './speaker-calibration.ts';
import { parseWav, resample } from './wav.ts';
import { createWorkPool } from './work-pool.ts';

const detection = detectLocalSpeech();
const previousTmp = process.env.TMPDIR;
let temp: string;

describe.skipIf(!detection.found)('the pocketsphinx recogniser', () => {
  beforeAll(async () => {
    temp = await mkdtemp(join(tmpdir(), 'cofounder-recognizer-test-'));
    process.env.TMPDIR = temp;
  });
  afterAll(async () => {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    await rm(temp, { recursive: true, force: true });
  });

  it('never uses a model folder another user planted under its name in the shared temp folder', async () => {
    if (!detection.found) return;
    // World-writable, with a feat.params that would break recognition: what another user could leave there.
    const planted = join(temp, `cofounder-pocketsphinx-${process.getuid?.() ?? 'user'}`);
    await mkdir(planted);
    await writeFile(join(planted, 'feat.params'), '-lowerf nonsense\n');
    await chmod(planted, 0o777);
    const recognizer = createRecognizer({
      binary: detection.tools.recognizer,
      hmm: tunedModelDir(detection.tools.modelDir),
      pool: createWorkPool(1),
      calibration: createSpeakerCalibration(),
    });
    const { wav } = await synthesize(detection.tools.synthesizer, 'Help me set a price for the basic plan', temp, 'said');
    const heard = await recognizer.recognize(resample(parseWav(wav)!, 16_000), 'founder');
    expect(wordAccuracy([{ said: 'Help me set a price for the basic plan', heard: heard.text }])).toBeGreaterThanOrEqual(0.6);
    // Its recording's folder is gone; its own model copy (private, 0700) is what remains beside the planted one.
    const left = (await readdir(temp)).filter((name) => name !== 'said.wav');
    expect(left.filter((name) => name.startsWith('cofounder-stt-'))).toEqual([]);
    expect(left.some((name) => name.startsWith('cofounder-pocketsphinx-') && name.includes('-staging-'))).toBe(true);
  }, 60_000);

  it('refuses audio at another rate than the model was trained on', async () => {
    if (!detection.found) return;
    const recognizer = createRecognizer({
      binary: detection.tools.recognizer,
      hmm: tunedModelDir(detection.tools.modelDir),
      pool: createWorkPool(1),
      calibration: createSpeakerCalibration(),
    });
    expect(() => recognizer.recognize({ sampleRate: 8000, samples: new Int16Array(8000) })).toThrow(/16000 Hz/);
  });
});

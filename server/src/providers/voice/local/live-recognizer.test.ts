import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { silence, spoken } from '../../../test/speech.ts';
import { detectLocalSpeech } from './detect.ts';
import { createLiveRecognizer } from './live-recognizer.ts';
import { tunedModelDir } from './pocketsphinx.ts';
import { createSpeakerCalibration } from './speaker-calibration.ts';

const speech = detectLocalSpeech();
const tools = speech.found ? speech.tools : null;
const turnDirs = () => readdirSync(tmpdir()).filter((name) => name.startsWith('cofounder-live-turn-'));
/** 20 ms frames, as the call socket hands them over. */
const FRAME = 320;

describe.skipIf(!tools)('live recognizer', () => {
  const live = tools && createLiveRecognizer({ binary: tools.liveRecognizer, hmm: tunedModelDir(tools.modelDir), calibration: createSpeakerCalibration() });

  it('hears a sentence fed frame by frame while pocketsphinx is still loading, and leaves no temp files', async () => {
    const before = turnDirs();
    const turn = await live!.listen('founder-1');
    const samples = Int16Array.from([...silence(300), ...spoken('What should I focus on this week'), ...silence(300)]);
    for (let at = 0; at < samples.length; at += FRAME) turn.write(samples.subarray(at, at + FRAME));
    expect(await turn.finish()).toMatch(/focus on this week/);
    expect(turnDirs()).toEqual(before);
  });

  it('a cancelled turn stops its recogniser and leaves nothing behind', async () => {
    const before = turnDirs();
    const turn = await live!.listen('founder-1');
    turn.write(spoken('Hello'));
    turn.cancel();
    await expect.poll(turnDirs).toEqual(before);
  });

  it('a recogniser that cannot start fails the turn (the call then recognises the whole turn)', async () => {
    const broken = createLiveRecognizer({ binary: '/nonexistent/pocketsphinx_continuous', hmm: tunedModelDir(tools!.modelDir), calibration: createSpeakerCalibration() });
    const turn = await broken.listen('founder-1');
    turn.write(spoken('Hello'));
    await expect(turn.finish()).rejects.toThrow(/ENOENT/);
  });
});

import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_VOICE } from '@cofounder/shared';
import { runTool } from './run-tool.ts';
import { encodeWav, type Pcm } from './wav.ts';
import type { SpeakerCalibration } from './speaker-calibration.ts';
import type { WorkPool } from './work-pool.ts';


/** Built by this user (mkdtemp makes it 0700): not a folder another user of the machine planted under the name. */
function builtByUs(dir: string): boolean {
  try {
    const stat = lstatSync(dir);
    const uid = process.getuid?.() ?? stat.uid;
    return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o077) === 0 && existsSync(join(dir, 'feat.params'));
  } catch {
    return false;
  }
}

/**
 * The model directory pocketsphinx is pointed at: the installed one, linked file by file, except feat.params
 * without its fixed `-cmninit` (a model's feat.params overrides the command line, and the estimate must come
 * from the speaker; see speaker-calibration.ts). Built once per machine user, atomically; when the shared name is
 * taken by something not ours (the temp folder is shared), this process keeps its own copy.
 */
export function tunedModelDir(modelDir: string): string {
  const dir = join(tmpdir(), `cofounder-pocketsphinx-${process.getuid?.() ?? 'user'}`);
  if (builtByUs(dir)) return dir;
  const staging = mkdtempSync(`${dir}-staging-`);
  for (const file of readdirSync(modelDir)) {
    if (file !== 'feat.params') symlinkSync(join(modelDir, file), join(staging, file));
  }
  const params = readFileSync(join(modelDir, 'feat.params'), 'utf8').split('\n').filter((line) => !line.startsWith('-cmninit'));
  writeFileSync(join(staging, 'feat.params'), params.join('\n'));
  try {
    renameSync(staging, dir);
    return dir;
  } catch {
    if (!builtByUs(dir)) return staging;
    rmSync(staging, { recursive: true, force: true }); // another process of ours built it first
    return dir;
  }
}

export interface Recognition {
  text: string;
  seconds: number;
}

/**
 * Speech to text with pocketsphinx_continuous, one process per recording in the shared pool (its model loads in
 * ~0.9 s; a recording's temp file is removed whatever happens), starting from the speaker's calibration.
 */
export function createRecognizer({ binary, hmm, pool, calibration }: { binary: string; hmm: string; pool: WorkPool; calibration: SpeakerCalibration }) {
  return {
    /** The words in 16 kHz mono audio ('' when nothing was recognised). `speaker`: whose microphone it is. */
    recognize(pcm: Pcm, speaker?: string): Promise<Recognition> {
      if (pcm.sampleRate !== LOCAL_VOICE.sampleRate) throw new Error(`recognize() takes ${LOCAL_VOICE.sampleRate} Hz audio`);
      return pool.run(async () => {
        const dir = await mkdtemp(join(tmpdir(), 'cofounder-stt-'));
        try {
          const file = join(dir, 'speech.wav');
          await writeFile(file, encodeWav(pcm));
          const cmn = calibration.startFor(speaker);
          // A ten-minute voice note takes minutes (RTF ~0.4 on an idle core, near 1 on a busy one): it may run as
          // long as it lasts on top of the fixed allowance, which alone would cut every note past a minute or two.
          const timeoutMs = LOCAL_VOICE.timeoutMs + (pcm.samples.length / pcm.sampleRate) * 1000;
          const { stdout, stderr } = await runTool(binary, ['-infile', file, '-hmm', hmm, '-cmninit', cmn], timeoutMs);
          calibration.remember(speaker, stderr);
          // One line per stretch of speech it found.
          const text = stdout.split('\n').map((line) => line.trim()).filter(Boolean).join(' ');
          return { text, seconds: pcm.samples.length / pcm.sampleRate };
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      });
    },
  };
}

export type Recognizer = ReturnType<typeof createRecognizer>;

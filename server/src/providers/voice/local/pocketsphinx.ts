import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_VOICE } from '@cofounder/shared';
import { startBatchDecoder, type BatchDecoder } from './batch-decoder.ts';
import type { Pcm } from './wav.ts';
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

/** 16 kHz mono audio as it is decoded, and the most it may hold (its time limit is counted from it). */
export interface SampleStream {
  chunks: Iterable<Int16Array> | AsyncIterable<Int16Array>;
  maxSeconds: number;
}

/** Writes the chunks to `file` one at a time (the recording is never whole in memory); how many samples they held. */
async function writeSamples(file: string, chunks: SampleStream['chunks'], signal: AbortSignal | undefined): Promise<number> {
  const handle = await open(file, 'w', 0o600);
  let samples = 0;
  try {
    for await (const chunk of chunks) {
      signal?.throwIfAborted();
      await handle.write(chunk);
      samples += chunk.length;
    }
    return samples;
  } finally {
    await handle.close();
  }
}

export interface Recognition {
  text: string;
  seconds: number;
}

/**
 * Speech to text for whole recordings (voice notes, voicemail): at most `pool`'s size at once, each on a loaded
 * pocketsphinx_batch kept warm for LOCAL_VOICE.warmForMs after its last note (then its ~100 MB are given back),
 * its recording a file in a private temp folder, removed whatever happens. What a recording tells about the
 * speaker's microphone is remembered for their next call turn.
 */
export function createRecognizer({ binary, hmm, pool, calibration }: { binary: string; hmm: string; pool: WorkPool; calibration: SpeakerCalibration }) {
  let dir: Promise<string> | null = null;
  let recordings = 0;
  let closed = false;
  const started = new Set<BatchDecoder>();
  const idle = new Map<BatchDecoder, NodeJS.Timeout>();

  const take = async (): Promise<BatchDecoder> => {
    for (const [decoder, retire] of idle) {
      idle.delete(decoder);
      clearTimeout(retire);
      if (decoder.alive) return decoder;
    }
    const decoder = await startBatchDecoder({ binary, hmm, dir: await (dir ??= mkdtemp(join(tmpdir(), 'cofounder-stt-'))) });
    started.add(decoder);
    return decoder;
  };
  const stop = (decoder: BatchDecoder) => {
    idle.delete(decoder);
    started.delete(decoder);
    decoder.stop();
  };
  const giveBack = (decoder: BatchDecoder) => {
    if (closed || !decoder.alive) return stop(decoder);
    const retire = setTimeout(() => stop(decoder), LOCAL_VOICE.warmForMs);
    retire.unref();
    idle.set(decoder, retire);
  };

  const recognizeAudio = (audio: SampleStream, speaker: string | undefined, signal: AbortSignal | undefined) =>
    pool.run(async () => {
      if (closed) throw new Error('the recogniser is closed');
      const decoder = await take();
      const id = `note-${++recordings}`;
      const file = join(await dir!, `${id}.raw`);
      // A ten-minute voice note takes minutes (RTF ~0.3 on an idle core, near 1 on a busy one): it may run as
      // long as it lasts on top of the fixed allowance, which alone would cut every note past a minute or two.
      const limitMs = LOCAL_VOICE.timeoutMs + audio.maxSeconds * 1000;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        decoder.stop();
      }, limitMs);
      // Nobody waits for the words any more: the recogniser is stopped, not left to finish them.
      const abandon = () => decoder.stop();
      signal?.addEventListener('abort', abandon, { once: true });
      try {
        const samples = await writeSamples(file, audio.chunks, signal);
        const { text, log } = await decoder.decode(id);
        calibration.remember(speaker, log);
        return { text, seconds: samples / LOCAL_VOICE.sampleRate };
      } catch (err) {
        throw timedOut ? new Error(`${binary}: timed out after ${Math.round(limitMs)} ms`) : err;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abandon);
        giveBack(decoder);
        await rm(file, { force: true });
      }
    }, signal);

  return {
    /** The words in 16 kHz mono audio ('' when nothing was recognised). `speaker`: whose microphone it is. */
    recognize(pcm: Pcm, speaker?: string, signal?: AbortSignal): Promise<Recognition> {
      if (pcm.sampleRate !== LOCAL_VOICE.sampleRate) throw new Error(`recognize() takes ${LOCAL_VOICE.sampleRate} Hz audio`);
      return recognizeAudio({ chunks: [pcm.samples], maxSeconds: pcm.samples.length / pcm.sampleRate }, speaker, signal);
    },
    /**
     * The same for 16 kHz audio decoded as it is written to the recogniser, in its turn (a recording waiting in line
     * holds no decoded audio). When `signal` aborts, a recording still in line is dropped and one being recognised
     * is stopped.
     */
    recognizeStream: (audio: SampleStream, speaker?: string, signal?: AbortSignal): Promise<Recognition> =>
      recognizeAudio(audio, speaker, signal),
    /** Loaded decoders waiting for the next recording (tests read it). */
    get warm() {
      return idle.size;
    },
    /** Stops every decoder and removes the recordings' folder. */
    async close(): Promise<void> {
      closed = true;
      for (const decoder of [...started]) stop(decoder);
      if (dir) await rm(await dir, { recursive: true, force: true });
    },
  };
}

export type Recognizer = ReturnType<typeof createRecognizer>;

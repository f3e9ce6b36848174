import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_VOICE } from '@cofounder/shared';
import { fifoWriter } from './fifo-writer.ts';
import { runTool } from './run-tool.ts';
import type { SpeakerCalibration } from './speaker-calibration.ts';
import { encodeWav } from './wav.ts';

// Recognition while the founder speaks. A call turn must be answered within a couple of seconds of its end, and
// a recording handed to pocketsphinx afterwards costs its model load (~0.9 s) plus decoding the whole turn
// (0.3-0.5 × its length on two busy cores) after the end. So each turn gets its own pocketsphinx_continuous,
// started when the turn starts and fed the turn's frames through a FIFO as they arrive: it loads while the founder
// talks, decodes in step, and answers a few hundred ms after its input ends.

export interface LiveRecognition {
  /** 16 kHz mono samples, in order, as they arrive. */
  write(samples: Int16Array): void;
  /** No more audio: the words heard ('' when none). */
  finish(): Promise<string>;
  /** The turn was not speech after all: stop, keep nothing. */
  cancel(): void;
}

/** A WAV header for audio whose length is not known yet (pocketsphinx reads to the end of the stream). */
function streamingWavHeader(): Buffer {
  const header = encodeWav({ sampleRate: LOCAL_VOICE.sampleRate, samples: new Int16Array(0) });
  header.writeUInt32LE(0xffffffff, 4);
  header.writeUInt32LE(0xffffffff, 40);
  return header;
}

/** Live recognisers for call turns: the same model and per-speaker calibration as the voice notes. */
export function createLiveRecognizer({ binary, hmm, calibration }: { binary: string; hmm: string; calibration: SpeakerCalibration }) {
  return {
    /** Starts recognising one turn of `speaker`'s (the founder's id). */
    async listen(speaker: string): Promise<LiveRecognition> {
      const dir = mkdtempSync(join(tmpdir(), 'cofounder-live-turn-'));
      const fifo = join(dir, 'turn.wav');
      await runTool('mkfifo', [fifo], LOCAL_VOICE.timeoutMs);
      const child = spawn(binary, ['-infile', fifo, '-hmm', hmm, '-cmninit', calibration.startFor(speaker)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      // Its log is long; only the microphone estimates in it matter, and the last line of an error.
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-64 * 1024)));
      const exited = new Promise<number | null>((resolve, reject) => {
        child.on('error', reject);
        child.on('close', resolve);
      });
      const audio = fifoWriter(fifo, exited);
      audio.write(streamingWavHeader());
      const cleanUp = () => rm(dir, { recursive: true, force: true });

      return {
        write(samples) {
          audio.write(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
        },
        async finish() {
          const timer = setTimeout(() => child.kill('SIGKILL'), LOCAL_VOICE.timeoutMs);
          try {
            audio.end();
            const code = await exited;
            if (code !== 0) throw new Error(`${binary}: ${stderr.trim().split('\n').at(-1) ?? `exit code ${code}`}`);
            calibration.remember(speaker, stderr);
            // One line per stretch of speech it found.
            return stdout.split('\n').map((line) => line.trim()).filter(Boolean).join(' ');
          } finally {
            clearTimeout(timer);
            await cleanUp();
          }
        },
        cancel() {
          child.kill('SIGKILL');
          audio.end();
          void exited.catch(() => undefined).finally(cleanUp);
        },
      };
    },

  };
}

export type LiveRecognizer = ReturnType<typeof createLiveRecognizer>;

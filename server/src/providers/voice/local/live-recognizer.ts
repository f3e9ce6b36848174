import { spawn } from 'node:child_process';
import { constants, mkdtempSync, open as openFd } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_VOICE } from '@cofounder/shared';
import { runTool } from './run-tool.ts';
import type { SpeakerCalibration } from './speaker-calibration.ts';
import { encodeWav } from './wav.ts';

// Recognition while the founder speaks. A call turn must be answered within a couple of seconds of its end, and
// a recording handed to pocketsphinx afterwards costs its model load (~0.9 s) plus decoding the whole turn
// (0.3-0.5 × its length on two busy cores) after the end. So each turn gets its own pocketsphinx_continuous,
// started when the turn starts and fed the turn's frames through a FIFO as they arrive: it loads while the founder
// talks, decodes in step, and answers a few hundred ms after its input ends.

/** How often the FIFO is tried again while pocketsphinx is still loading its model. */
const FIFO_RETRY_MS = 20;

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

/**
 * The writing end of a FIFO, opened once the reader has opened its end. A blocking open would hold one of libuv's
 * four file-system threads until then, and forever if the reader never came; so it is opened non-blocking (which
 * fails with ENXIO while there is no reader), retried, and written through a socket (no thread blocks on a full
 * pipe). Audio written before is kept and sent on; `end()` closes it (the reader sees the end of the file).
 */
function fifoWriter(path: string, readerGone: Promise<unknown>) {
  const before: Buffer[] = [];
  let socket: Socket | null = null;
  let ending = false;
  let gone = false;
  void readerGone.catch(() => undefined).finally(() => (gone = true));
  const openNonBlocking = () =>
    new Promise<number>((resolve, reject) =>
      openFd(path, constants.O_WRONLY | constants.O_NONBLOCK, (err, fd) => (err ? reject(err) : resolve(fd))),
    );
  void (async () => {
    while (!gone) {
      try {
        socket = new Socket({ fd: await openNonBlocking(), readable: false, writable: true });
        socket.on('error', () => undefined); // the reader died: whoever waits for it reports why
        for (const chunk of before.splice(0)) socket.write(chunk);
        if (ending) socket.end();
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENXIO') return;
        await new Promise((r) => setTimeout(r, FIFO_RETRY_MS));
      }
    }
  })();
  return {
    write(chunk: Buffer) {
      if (ending) return;
      if (socket) socket.write(chunk);
      else before.push(chunk);
    },
    end() {
      ending = true;
      socket?.end();
    },
  };
}

/** Live recognisers for call turns: the same model and per-speaker calibration as the voice notes' recogniser. */
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

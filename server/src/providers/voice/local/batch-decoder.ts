import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCAL_VOICE } from '@cofounder/shared';
import { fifoWriter } from './fifo-writer.ts';
import { runTool } from './run-tool.ts';

// A voice note handed to a fresh pocketsphinx costs its model load (~0.5 s, a sixth of a short note) before a
// word is decoded. pocketsphinx_batch decodes the recordings its control list names, one line each, and reads
// that list as it grows: fed through a FIFO (it cannot open a socket, which is what Node's stdin pipe is), one
// process stays loaded and answers note after note. It
// normalises each recording by its own average spectrum (`-cmn batch`, the model's setting), which a finished
// recording allows and which hears a cold first note as well as a calibrated one.

/** One recording's hypothesis in the log: `words (uttid score)`; the words are empty when nothing was heard. */
const HYPOTHESIS = /^(.*?)\s*\((\S+) -?\d+\)$/;
/** The log kept per recording: its microphone estimate is in it, and the last line of an error. */
const MAX_LOG_CHARS = 64 * 1024;

export interface Decoded {
  text: string;
  /** pocketsphinx's log while it decoded this recording. */
  log: string;
}

let decoders = 0;

/**
 * One loaded pocketsphinx_batch reading raw 16 kHz mono 16-bit recordings named `<id>.raw` in `dir` (a private
 * folder; its control list is a FIFO there). One recording at a time: `decode` is not called again before its
 * promise settles.
 */
export async function startBatchDecoder({ binary, hmm, dir }: { binary: string; hmm: string; dir: string }) {
  const list = join(dir, `decoder-${++decoders}.ctl`);
  await runTool('mkfifo', ['-m', '600', list], LOCAL_VOICE.timeoutMs);
  // No -hyp: it then writes each hypothesis into its log, after that recording's microphone estimate; a
  // hypothesis file would have to be another FIFO (it cannot open the socket Node's stdout pipe is either).
  const child = spawn(binary, ['-adcin', 'yes', '-cepdir', dir, '-cepext', '.raw', '-hmm', hmm, '-ctl', list], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let pending: { id: string; resolve: (decoded: Decoded) => void; reject: (err: Error) => void } | null = null;
  let log = '';
  let partial = '';
  let alive = true;

  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      log = (log + line + '\n').slice(-MAX_LOG_CHARS);
      const match = HYPOTHESIS.exec(line);
      if (!match || !pending || match[2] !== pending.id || line.startsWith('INFO:')) continue;
      const done = pending;
      pending = null;
      done.resolve({ text: match[1]!.trim(), log });
    }
  });
  const died = (why: string) => {
    alive = false;
    pending?.reject(new Error(`${binary}: ${why}`));
    pending = null;
  };
  const exited = new Promise<void>((resolve) => {
    child.on('error', (err) => {
      died(err.message);
      resolve();
    });
    child.on('close', (code, signal) => {
      died(log.trim().split('\n').at(-1)?.slice(0, 300) || `exited (${signal ?? code})`);
      resolve();
    });
  });
  const names = fifoWriter(list, exited);
  void exited.then(() => rm(list, { force: true }));

  return {
    get alive() {
      return alive;
    },
    /** The words in `<dir>/<id>.raw`. */
    decode(id: string): Promise<Decoded> {
      if (!alive) return Promise.reject(new Error(`${binary}: not running`));
      return new Promise((resolve, reject) => {
        pending = { id, resolve, reject };
        log = '';
        names.write(Buffer.from(`${id}\n`));
      });
    },
    /** Stops it (a recording it is decoding fails). */
    stop(): void {
      names.end();
      if (alive) child.kill('SIGKILL');
    },
  };
}

export type BatchDecoder = Awaited<ReturnType<typeof startBatchDecoder>>;

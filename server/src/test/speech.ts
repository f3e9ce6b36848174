import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LOCAL_VOICE } from '@cofounder/shared';
import { parseWav, resample } from '../providers/voice/local/wav.ts';

// Test-only: speech made at test time with flite (no audio files in the repository), and how close a transcript is.

const run = promisify(execFile);

/** Ten things a founder says to the co-founder: the fixed set the local transcription test and benchmark measure. */
export const FOUNDER_SENTENCES = [
  'Create a task to research our top five competitors',
  'What should I focus on this week to get more customers',
  'How much money do we need to hire two engineers',
  'Draft a short email to our first ten users asking for feedback',
  'Find three investors who fund early stage software companies',
  'Write a launch post for our new product',
  'Remind me to call the bank on Monday morning',
  'Make a list of the best places to find new customers',
  'Help me set a price for the basic plan',
  'Summarize what we learned from the last customer interviews',
] as const;

/**
 * The flite voice that speaks for the founder: pocketsphinx hears it best of flite's voices (measured on short
 * founder sentences: rms 81–93 % of words, slt 71–74 %). The co-founder itself speaks with LOCAL_VOICE.ttsVoice.
 */
export const FOUNDER_VOICE = 'rms';

/** `text` spoken by flite as a 16 kHz mono 16-bit WAV, written to `dir` as `name`.wav and returned. */
export async function synthesize(flite: string, text: string, dir: string, name: string): Promise<{ file: string; wav: Buffer }> {
  const file = join(dir, `${name}.wav`);
  await run(flite, ['-voice', FOUNDER_VOICE, '-t', text, '-o', file]);
  return { file, wav: await readFile(file) };
}

/** Lowercased words with punctuation stripped ("Monday," → "monday"). */
export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Word-level Levenshtein distance: substitutions, insertions and deletions turning `expected` into `heard`. */
export function wordErrors(expected: string[], heard: string[]): number {
  let previous = Array.from({ length: heard.length + 1 }, (_, j) => j);
  for (let i = 1; i <= expected.length; i++) {
    const current = [i];
    for (let j = 1; j <= heard.length; j++) {
      const same = expected[i - 1] === heard[j - 1];
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (same ? 0 : 1));
    }
    previous = current;
  }
  return previous[heard.length]!;
}

/** 1 − word error rate over a set of (said, heard) pairs: errors summed over the set, divided by the words said. */
export function wordAccuracy(pairs: Array<{ said: string; heard: string }>): number {
  let errors = 0;
  let words = 0;
  for (const { said, heard } of pairs) {
    errors += wordErrors(wordsOf(said), wordsOf(heard));
    words += wordsOf(said).length;
  }
  return words === 0 ? 0 : 1 - errors / words;
}

/** `text` spoken by flite in the founder's test voice, as 16 kHz samples; nothing is kept on disk. */
export function spoken(text: string): Int16Array {
  const dir = mkdtempSync(join(tmpdir(), 'cofounder-call-speech-'));
  try {
    const file = join(dir, 'speech.wav');
    execFileSync('flite', ['-voice', FOUNDER_VOICE, '-t', text, '-o', file]);
    const pcm = parseWav(readFileSync(file));
    if (!pcm) throw new Error('flite wrote no WAV');
    return resample(pcm, LOCAL_VOICE.sampleRate).samples;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const silence = (ms: number) => new Int16Array((LOCAL_VOICE.sampleRate * ms) / 1000);

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_VOICE } from '@cofounder/shared';
import { runTool } from './run-tool.ts';
import type { WorkPool } from './work-pool.ts';

/** Longest text spoken in one go (a long answer is cut at a sentence before this). */
export const MAX_SPOKEN_CHARS = 2000;

/** Text a speech synthesiser reads well: no markdown, links or code, at most MAX_SPOKEN_CHARS. */
export function speakable(text: string): string {
  const plain = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/https?:\/\/\S+/g, 'a link')
    .replace(/[*_#>`~|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= MAX_SPOKEN_CHARS) return plain;
  const cut = plain.slice(0, MAX_SPOKEN_CHARS);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return end > 0 ? cut.slice(0, end + 1) : cut;
}

/** Text to speech with flite in the shared pool: a 16-bit mono WAV (flite's slt voice speaks at 16 kHz). */
export function createSynthesizer({ binary, pool }: { binary: string; pool: WorkPool }) {
  return {
    speak(text: string): Promise<Buffer> {
      return pool.run(async () => {
        const dir = await mkdtemp(join(tmpdir(), 'cofounder-tts-'));
        try {
          const file = join(dir, 'speech.wav');
          // The text is one argument (no shell): nothing in it is run.
          await runTool(binary, ['-voice', LOCAL_VOICE.ttsVoice, '-t', speakable(text), '-o', file], LOCAL_VOICE.timeoutMs);
          return await readFile(file);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      });
    },
  };
}

export type Synthesizer = ReturnType<typeof createSynthesizer>;

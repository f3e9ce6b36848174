import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fields of a PCM WAV this helper needs: where its samples are and how they are laid out. */
interface PcmWav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  data: Buffer;
}

/** Reads the fmt and data chunks of a PCM WAV (flite writes the canonical layout, but chunks are walked anyway). */
function readPcmWav(file: Buffer): PcmWav {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not a WAV file');
  let format: Omit<PcmWav, 'data'> | null = null;
  for (let at = 12; at + 8 <= file.length;) {
    const id = file.toString('ascii', at, at + 4);
    const size = file.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ')
      format = {
        channels: file.readUInt16LE(body + 2),
        sampleRate: file.readUInt32LE(body + 4),
        bitsPerSample: file.readUInt16LE(body + 14),
      };
    if (id === 'data' && format) return { ...format, data: file.subarray(body, body + size) };
    at = body + size + (size % 2);
  }
  throw new Error('WAV without fmt and data chunks');
}

/** A canonical 44-byte-header PCM WAV around `data`. */
function writePcmWav({ sampleRate, channels, bitsPerSample, data }: PcmWav): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = (channels * bitsPerSample) / 8;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * Speaks `text` with flite (Debian's package, as the product's local voice uses) into `dir`/`name`, followed by
 * `silenceSeconds` of silence: Chromium loops its fake-capture file, and the silence keeps one recording to one
 * clean sentence. Returns the file's path and the spoken part's length in seconds.
 */
export function speechWav(
  dir: string,
  text: string,
  { name = 'speech.wav', voice = 'rms', silenceSeconds = 1.5 } = {},
): { path: string; speechSeconds: number; totalSeconds: number } {
  const spoken = join(dir, `flite-${name}`);
  execFileSync('flite', ['-voice', voice, '-t', text, '-o', spoken]);
  const wav = readPcmWav(readFileSync(spoken));
  const bytesPerSecond = (wav.sampleRate * wav.channels * wav.bitsPerSample) / 8;
  const silence = Buffer.alloc(
    Math.round(silenceSeconds * wav.sampleRate) * ((wav.channels * wav.bitsPerSample) / 8),
  );
  const path = join(dir, name);
  writeFileSync(path, writePcmWav({ ...wav, data: Buffer.concat([wav.data, silence]) }));
  const speechSeconds = wav.data.length / bytesPerSecond;
  return { path, speechSeconds, totalSeconds: speechSeconds + silenceSeconds };
}

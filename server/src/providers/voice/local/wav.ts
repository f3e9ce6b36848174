import { isDecodablePcm, mixDown, PCM, readWavHeader } from './wav-header.ts';

// PCM WAV in and out: what the local recogniser reads (16 kHz mono 16-bit) and what the synthesiser writes. Any
// PCM WAV is accepted (8–32-bit integer or 32-bit float, any rate, any channels) and brought to the recogniser's
// format here, so voicemails (8 kHz) and other recorders work as well as the app's own.

export interface Pcm {
  sampleRate: number;
  /** Mono, 16-bit. */
  samples: Int16Array;
}

/** The samples of a PCM WAV mixed down to mono 16-bit, or null when the bytes are not a PCM WAV we can read. */
export function parseWav(bytes: Buffer): Pcm | null {
  const header = readWavHeader(bytes);
  if (!header || !isDecodablePcm(header.format)) return null;
  const { dataStart, dataBytes } = header;
  const end = dataBytes === null ? bytes.length : Math.min(bytes.length, dataStart + dataBytes);
  return { sampleRate: header.format.rate, samples: mixDown(bytes.subarray(dataStart, end), header.format) };
}

/**
 * Linear-interpolation resampling of audio that arrives in pieces (enough for speech recognition, which only looks
 * below 6.8 kHz): `push` answers the output its input so far allows, `flush` the rest once the input has ended.
 * It holds the one or two input samples the next output sample needs, whatever the length of the audio.
 */
export function createResampler(from: number, to: number) {
  const ratio = from / to;
  /** Input not used up yet, and the index of its first sample in the whole input. */
  let held = new Int16Array(0);
  let heldFrom = 0;
  let received = 0;
  let produced = 0;
  const take = (ended: boolean): Int16Array => {
    // Only outputs the whole input will have (its length / ratio), each once its right neighbour is in.
    const out = new Int16Array(Math.max(0, Math.floor(received / ratio) - produced));
    let count = 0;
    for (; count < out.length; count++, produced++) {
      const x = produced * ratio;
      const j = Math.floor(x);
      if (!ended && j + 1 >= received) break;
      const a = held[j - heldFrom] ?? 0;
      const b = held[j + 1 - heldFrom] ?? a;
      out[count] = Math.round(a + (b - a) * (x - j));
    }
    const keepFrom = Math.min(Math.floor(produced * ratio), received);
    held = held.subarray(keepFrom - heldFrom);
    heldFrom = keepFrom;
    return out.subarray(0, count);
  };
  return {
    push(samples: Int16Array): Int16Array {
      if (from === to) return samples;
      const joined = new Int16Array(held.length + samples.length);
      joined.set(held);
      joined.set(samples, held.length);
      held = joined;
      received += samples.length;
      return take(false);
    },
    flush: (): Int16Array => (from === to ? new Int16Array(0) : take(true)),
  };
}

/** The whole of `pcm` at `rate`. */
export function resample(pcm: Pcm, rate: number): Pcm {
  if (pcm.sampleRate === rate) return pcm;
  const resampler = createResampler(pcm.sampleRate, rate);
  const head = resampler.push(pcm.samples);
  const tail = resampler.flush();
  const samples = new Int16Array(head.length + tail.length);
  samples.set(head);
  samples.set(tail, head.length);
  return { sampleRate: rate, samples };
}

/** A 16-bit mono PCM WAV file of the samples. */
export function encodeWav({ sampleRate, samples }: Pcm): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(PCM, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Seconds of audio the samples hold. */
export const secondsOf = (pcm: Pcm) => pcm.samples.length / pcm.sampleRate;

import { isDecodablePcm, mixDown, readWavHeader, sampleWidth, WAV_HEADER_MAX_BYTES, type WavHeader } from './wav-header.ts';
import { createResampler } from './wav.ts';

// A PCM WAV decoded as it is read: a header can claim any rate, and a recording decoded whole and resampled in
// memory costs its decoded length, not its size (a 25 MB file claiming 4 kHz 8-bit is 6,500 s: 400 MB at 16 kHz).
// Here the memory held is a slice, whatever the header says, and the decoding stops once it passes its limit.

/** Samples each decoded slice holds at most (~128 KB at 16-bit). */
const SLICE_SAMPLES = 64 * 1024;

/** The audio decoded past the limit it was given. */
export class AudioTooLongError extends Error {
  override name = 'AudioTooLongError';
  constructor(readonly maxSeconds: number) {
    super(`The audio is longer than ${maxSeconds} s`);
  }
}

export interface WavStream {
  header: WavHeader;
  /** Mono 16-bit slices at `rate`, pulled from the source as they are asked for; AudioTooLongError past `maxSeconds`. */
  samples(rate: number, maxSeconds: number): AsyncGenerator<Int16Array>;
  /** Closes the source (a stream whose samples were never asked for, too). */
  close(): Promise<void>;
}

const join = (a: Buffer, b: Buffer) => (a.length === 0 ? b : Buffer.concat([a, b]));

/** Reads `source` up to its WAV header; null (the source closed) when it is not a PCM WAV this server can decode. */
export async function openWavStream(source: AsyncIterable<Buffer>): Promise<WavStream | null> {
  const input = source[Symbol.asyncIterator]();
  let buffered: Buffer = Buffer.alloc(0);
  let header = readWavHeader(buffered);
  while (!header && buffered.length < WAV_HEADER_MAX_BYTES) {
    const next = await input.next();
    if (next.done) break;
    buffered = join(buffered, next.value);
    header = readWavHeader(buffered.subarray(0, WAV_HEADER_MAX_BYTES));
  }
  if (!header || !isDecodablePcm(header.format)) {
    await input.return?.();
    return null;
  }
  const { format, dataStart, dataBytes } = header;
  const frameBytes = sampleWidth(format) * format.channels;

  async function* samples(rate: number, maxSeconds: number): AsyncGenerator<Int16Array> {
    const resampler = createResampler(format.rate, rate);
    const framesPerSlice = Math.max(1, Math.floor((SLICE_SAMPLES * format.rate) / rate));
    const maxSamples = Math.floor(maxSeconds * rate);
    let produced = 0;
    const counted = (out: Int16Array) => {
      produced += out.length;
      if (produced > maxSamples) throw new AudioTooLongError(maxSeconds);
      return out;
    };
    // Bytes of the data chunk still to read, and a frame split across two reads.
    let left = dataBytes ?? Infinity;
    let partial: Buffer = Buffer.alloc(0);
    let pending: Buffer = buffered.subarray(dataStart);
    try {
      for (;;) {
        const taken = pending.subarray(0, Math.min(left, pending.length));
        left -= taken.length;
        const data = join(partial, taken);
        const whole = data.length - (data.length % frameBytes);
        for (let at = 0; at < whole; at += framesPerSlice * frameBytes) {
          yield counted(resampler.push(mixDown(data.subarray(at, Math.min(whole, at + framesPerSlice * frameBytes)), format)));
        }
        partial = Buffer.from(data.subarray(whole));
        if (left <= 0) break;
        const next = await input.next();
        if (next.done) break;
        pending = next.value;
      }
      yield counted(resampler.flush());
    } finally {
      await input.return?.();
    }
  }
  return {
    header,
    samples,
    close: async () => void (await input.return?.()),
  };
}

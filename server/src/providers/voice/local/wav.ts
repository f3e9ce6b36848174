// PCM WAV in and out: what the local recogniser reads (16 kHz mono 16-bit) and what the synthesiser writes. Any
// PCM WAV is accepted (8–32-bit integer or 32-bit float, any rate, any channels) and brought to the recogniser's
// format here, so voicemails (8 kHz) and other recorders work as well as the app's own.

export interface Pcm {
  sampleRate: number;
  /** Mono, 16-bit. */
  samples: Int16Array;
}

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;

/** The samples of a PCM WAV mixed down to mono 16-bit, or null when the bytes are not a PCM WAV we can read. */
export function parseWav(bytes: Buffer): Pcm | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
  let format: { tag: number; channels: number; rate: number; bits: number } | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      let tag = bytes.readUInt16LE(body);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (tag === EXTENSIBLE && size >= 40 && body + 26 <= bytes.length) tag = bytes.readUInt16LE(body + 24);
      format = { tag, channels: bytes.readUInt16LE(body + 2), rate: bytes.readUInt32LE(body + 4), bits: bytes.readUInt16LE(body + 14) };
    } else if (id === 'data' && format) {
      // Recorders that stream write a data size they did not know yet (0 or 0xFFFFFFFF): read what is there.
      const end = size === 0 || size === 0xffffffff ? bytes.length : Math.min(bytes.length, body + size);
      return decode(bytes.subarray(body, end), format);
    }
    offset = body + size + (size % 2);
  }
  return null;
}

function decode(data: Buffer, f: { tag: number; channels: number; rate: number; bits: number }): Pcm | null {
  const width = f.bits / 8;
  const readable = (f.tag === PCM && [1, 2, 3, 4].includes(width)) || (f.tag === FLOAT && width === 4);
  if (!readable || f.channels < 1 || f.rate < 4000 || f.rate > 192_000) return null;
  const frames = Math.floor(data.length / (width * f.channels));
  const samples = new Int16Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < f.channels; c++) sum += sampleAt(data, (i * f.channels + c) * width, width, f.tag);
    samples[i] = clamp(Math.round((sum / f.channels) * 32768)); // 16-bit in comes out unchanged
  }
  return { sampleRate: f.rate, samples };
}

/** One sample as a float in [-1, 1]. */
function sampleAt(data: Buffer, at: number, width: number, tag: number): number {
  if (tag === FLOAT) return data.readFloatLE(at);
  if (width === 1) return (data[at]! - 128) / 128; // 8-bit WAV is unsigned
  if (width === 2) return data.readInt16LE(at) / 32768;
  if (width === 3) return data.readIntLE(at, 3) / 8_388_608;
  return data.readInt32LE(at) / 2_147_483_648;
}

const clamp = (v: number) => Math.max(-32768, Math.min(32767, v));

/** Linear-interpolation resampling: enough for speech recognition, which only looks below 6.8 kHz. */
export function resample(pcm: Pcm, rate: number): Pcm {
  if (pcm.sampleRate === rate) return pcm;
  const ratio = pcm.sampleRate / rate;
  const length = Math.floor(pcm.samples.length / ratio);
  const out = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    const x = i * ratio;
    const j = Math.floor(x);
    const a = pcm.samples[j] ?? 0;
    const b = pcm.samples[j + 1] ?? a;
    out[i] = Math.round(a + (b - a) * (x - j));
  }
  return { sampleRate: rate, samples: out };
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

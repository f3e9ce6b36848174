// A WAV file's header, read before any of its audio: the format the samples are in and where they start. The
// transcription routes take a WAV's real duration from it, and the local recogniser decodes by it.

/**
 * How far into a file its data chunk may start. The header is looked for in these first bytes only, by the routes
 * and by the decoder alike, so both see the same header (or both see none).
 */
export const WAV_HEADER_MAX_BYTES = 64 * 1024;

export const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;
/** Recorders that stream write a size they did not know yet. */
const UNKNOWN_SIZES = [0, 0xffffffff];

export interface WavFormat {
  tag: number;
  channels: number;
  rate: number;
  bits: number;
  /** What the header claims; a PCM WAV's must agree with rate, channels and bits. */
  byteRate: number;
  blockAlign: number;
}

export interface WavHeader {
  format: WavFormat;
  /** The RIFF size the file declares, plus its 8-byte chunk header (null: unknown). */
  fileBytes: number | null;
  /** Where the samples start. */
  dataStart: number;
  /** The data chunk's declared size (null: unknown, the samples run to the end of the file). */
  dataBytes: number | null;
}

const known = (size: number) => (UNKNOWN_SIZES.includes(size) ? null : size);

/** The header of a RIFF/WAVE file starting with `bytes`, or null when they hold no fmt chunk followed by a data chunk. */
export function readWavHeader(bytes: Buffer): WavHeader | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
  let format: WavFormat | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      let tag = bytes.readUInt16LE(body);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (tag === EXTENSIBLE && size >= 40 && body + 26 <= bytes.length) tag = bytes.readUInt16LE(body + 24);
      format = {
        tag,
        channels: bytes.readUInt16LE(body + 2),
        rate: bytes.readUInt32LE(body + 4),
        byteRate: bytes.readUInt32LE(body + 8),
        blockAlign: bytes.readUInt16LE(body + 12),
        bits: bytes.readUInt16LE(body + 14),
      };
    } else if (id === 'data' && format) {
      const riff = known(bytes.readUInt32LE(4));
      return { format, fileBytes: riff === null ? null : riff + 8, dataStart: body, dataBytes: known(size) };
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/** Bytes per sample of one channel. */
export const sampleWidth = (format: WavFormat) => format.bits / 8;

/** Integer PCM (8–32-bit) or 32-bit float at a rate a recording has: what this server can decode. */
export function isDecodablePcm(f: WavFormat): boolean {
  const width = sampleWidth(f);
  const readable = (f.tag === PCM && [1, 2, 3, 4].includes(width)) || (f.tag === FLOAT && width === 4);
  return readable && f.channels >= 1 && f.rate >= 4000 && f.rate <= 192_000;
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

/** The whole frames in `data` mixed down to mono 16-bit (a partial frame at the end is left out). */
export function mixDown(data: Buffer, f: WavFormat): Int16Array {
  const width = sampleWidth(f);
  const frames = Math.floor(data.length / (width * f.channels));
  const samples = new Int16Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < f.channels; c++) sum += sampleAt(data, (i * f.channels + c) * width, width, f.tag);
    samples[i] = clamp(Math.round((sum / f.channels) * 32768)); // 16-bit in comes out unchanged
  }
  return samples;
}

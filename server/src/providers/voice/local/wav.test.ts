import { describe, expect, it } from 'vitest';
import { createResampler, encodeWav, parseWav, resample, secondsOf } from './wav.ts';
import { AudioTooLongError, openWavStream } from './wav-stream.ts';

/** A WAV file as recorders write it: RIFF/WAVE, a fmt chunk, then the data chunk. */
function wavOf(f: { tag?: number; channels: number; rate: number; bits: number; data: Buffer; dataSize?: number; extensibleTag?: number }): Buffer {
  const extensible = f.extensibleTag !== undefined;
  const fmt = Buffer.alloc(extensible ? 40 : 16);
  fmt.writeUInt16LE(extensible ? 0xfffe : (f.tag ?? 1), 0);
  fmt.writeUInt16LE(f.channels, 2);
  fmt.writeUInt32LE(f.rate, 4);
  fmt.writeUInt32LE((f.rate * f.channels * f.bits) / 8, 8);
  fmt.writeUInt16LE((f.channels * f.bits) / 8, 12);
  fmt.writeUInt16LE(f.bits, 14);
  if (extensible) {
    fmt.writeUInt16LE(22, 16);
    fmt.writeUInt16LE(f.extensibleTag!, 24);
  }
  const chunk = (id: string, body: Buffer, size = body.length) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'latin1');
    head.writeUInt32LE(size, 4);
    return Buffer.concat([head, body]);
  };
  const body = Buffer.concat([Buffer.from('WAVE'), chunk('fmt ', fmt), chunk('data', f.data, f.dataSize)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

const int16 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeInt16LE(v, i * 2));
  return b;
};

describe('parseWav', () => {
  it('reads 16-bit mono as it is', () => {
    const pcm = parseWav(wavOf({ channels: 1, rate: 16_000, bits: 16, data: int16(0, 1000, -1000, 32767, -32768) }));
    expect(pcm?.sampleRate).toBe(16_000);
    expect([...pcm!.samples]).toEqual([0, 1000, -1000, 32767, -32768]);
  });

  it('mixes 16-bit stereo down to mono', () => {
    const pcm = parseWav(wavOf({ channels: 2, rate: 44_100, bits: 16, data: int16(1000, 3000, -2000, 0) }));
    expect(pcm?.sampleRate).toBe(44_100);
    expect([...pcm!.samples]).toEqual([2000, -1000]);
  });

  it('reads 8-bit WAV as unsigned around 128', () => {
    const pcm = parseWav(wavOf({ channels: 1, rate: 8000, bits: 8, data: Buffer.from([128, 0, 255, 192]) }));
    expect([...pcm!.samples]).toEqual([0, -32768, 32512, 16384]);
  });

  it('reads 32-bit float, in a plain and in an extensible fmt chunk', () => {
    const data = Buffer.alloc(12);
    [0.5, -1, 1].forEach((v, i) => data.writeFloatLE(v, i * 4));
    expect([...parseWav(wavOf({ tag: 3, channels: 1, rate: 48_000, bits: 32, data }))!.samples]).toEqual([16384, -32768, 32767]);
    expect([...parseWav(wavOf({ extensibleTag: 3, channels: 1, rate: 48_000, bits: 32, data }))!.samples]).toEqual([16384, -32768, 32767]);
  });

  it('reads what is there when a streaming recorder left the data size unknown', () => {
    const pcm = parseWav(wavOf({ channels: 1, rate: 16_000, bits: 16, data: int16(5, 6, 7), dataSize: 0xffffffff }));
    expect([...pcm!.samples]).toEqual([5, 6, 7]);
  });

  it('null for what it cannot read: not RIFF, a RIFF/WAVE header over garbage, compressed or odd formats', () => {
    expect(parseWav(Buffer.from('not a wav file at all'))).toBeNull();
    expect(parseWav(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81]))).toBeNull();
    const garbage = Buffer.concat([Buffer.from('RIFF\xff\x00\x00\x00WAVE', 'latin1'), Buffer.from('\x13\x37garbage that is not a chunk'.repeat(20), 'latin1')]);
    expect(parseWav(garbage)).toBeNull();
    expect(parseWav(Buffer.from('RIFF\0\0\0\0WAVE', 'latin1'))).toBeNull();
    expect(parseWav(wavOf({ tag: 0x55, channels: 1, rate: 8000, bits: 16, data: int16(1, 2) }))).toBeNull(); // MP3 in WAV
    expect(parseWav(wavOf({ channels: 1, rate: 8000, bits: 12, data: int16(1, 2) }))).toBeNull();
    expect(parseWav(wavOf({ channels: 0, rate: 8000, bits: 16, data: int16(1, 2) }))).toBeNull();
    expect(parseWav(wavOf({ channels: 1, rate: 1, bits: 16, data: int16(1, 2) }))).toBeNull();
  });
});

describe('resample and encodeWav', () => {
  it('8 kHz to 16 kHz doubles the length, interpolating between samples', () => {
    const pcm = { sampleRate: 8000, samples: Int16Array.from({ length: 8000 }, (_, i) => (i % 2) * 100) };
    const up = resample(pcm, 16_000);
    expect(up.sampleRate).toBe(16_000);
    expect(up.samples.length).toBe(16_000);
    expect(secondsOf(up)).toBe(secondsOf(pcm));
    expect([...up.samples.subarray(0, 5)]).toEqual([0, 50, 100, 50, 0]);
  });

  it('44.1 kHz to 16 kHz keeps the duration', () => {
    const pcm = { sampleRate: 44_100, samples: new Int16Array(44_100 * 2) };
    expect(resample(pcm, 16_000).samples.length).toBe(32_000);
  });

  it('writes a 16-bit mono WAV that reads back the same', () => {
    const pcm = { sampleRate: 16_000, samples: Int16Array.from([0, 1, -1, 12_345, -32_768, 32_767]) };
    const wav = encodeWav(pcm);
    expect(wav.length).toBe(44 + 12);
    expect(parseWav(wav)).toEqual(pcm);
  });
});

/** `bytes` delivered in pieces of `size` (a temp file read in chunks, split anywhere). */
async function* inPieces(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function decodedWhole(stream: AsyncIterable<Int16Array>): Promise<number[]> {
  const out: number[] = [];
  for await (const chunk of stream) out.push(...chunk);
  return out;
}

describe('decoding as the file is read', () => {
  const stereo44k = wavOf({ channels: 2, rate: 44_100, bits: 16, data: int16(...Array.from({ length: 2 * 4410 }, (_, i) => ((i * 37) % 2000) - 1000)) });

  it('a resampler fed in pieces answers what the whole does', () => {
    const pcm = { sampleRate: 44_100, samples: Int16Array.from({ length: 10_000 }, (_, i) => (i * 131) % 30_000) };
    const resampler = createResampler(44_100, 16_000);
    const pieces: number[] = [];
    for (let at = 0; at < pcm.samples.length; at += 333) pieces.push(...resampler.push(pcm.samples.subarray(at, at + 333)));
    pieces.push(...resampler.flush());
    expect(pieces).toEqual([...resample(pcm, 16_000).samples]);
  });

  it('decodes a WAV split anywhere (even mid-frame) to what the whole file decodes to', async () => {
    const whole = [...resample(parseWav(stereo44k)!, 16_000).samples];
    for (const size of [7, 45, 1000]) {
      const wav = await openWavStream(inPieces(stereo44k, size));
      expect(await decodedWhole(wav!.samples(16_000, 600))).toEqual(whole);
    }
  });

  it('stops at the data size the header declares, and past the time it is allowed', async () => {
    const declared = wavOf({ channels: 1, rate: 16_000, bits: 16, data: int16(1, 2, 3, 4), dataSize: 4 });
    expect(await decodedWhole((await openWavStream(inPieces(declared, 3)))!.samples(16_000, 600))).toEqual([1, 2]);
    const second = wavOf({ channels: 1, rate: 8000, bits: 8, data: Buffer.alloc(8000, 128) });
    await expect(decodedWhole((await openWavStream(inPieces(second, 512)))!.samples(16_000, 0.5))).rejects.toThrow(AudioTooLongError);
  });

  it('null for what is not a PCM WAV it can decode', async () => {
    expect(await openWavStream(inPieces(Buffer.from('not a wav file at all'), 4))).toBeNull();
    expect(await openWavStream(inPieces(wavOf({ tag: 0x55, channels: 1, rate: 8000, bits: 16, data: int16(1, 2) }), 4))).toBeNull();
  });
});

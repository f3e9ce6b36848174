import { describe, expect, it } from 'vitest';
import { encodeWav } from './to-wav.ts';

const text = (view: DataView, offset: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, i) => view.getUint8(offset + i)));

describe('encodeWav', () => {
  it('writes the 44-byte PCM header of a 16 kHz mono 16-bit file', () => {
    const wav = encodeWav(new Float32Array(10), 16_000);
    const view = new DataView(wav);
    expect(wav.byteLength).toBe(44 + 20);
    expect(text(view, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 20);
    expect(text(view, 8, 8)).toBe('WAVEfmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(20);
  });

  it('scales samples to 16 bits and clips what is louder than full scale', () => {
    const view = new DataView(encodeWav(Float32Array.of(0, 0.5, -0.5, 1, -1, 1.7, -3), 16_000));
    const samples = Array.from({ length: 7 }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(samples).toEqual([0, 16_383, -16_384, 32_767, -32_768, 32_767, -32_768]);
  });

  it('is a header alone when there is no sound', () => {
    const view = new DataView(encodeWav(new Float32Array(0), 8_000));
    expect(view.byteLength).toBe(44);
    expect(view.getUint32(40, true)).toBe(0);
    expect(view.getUint32(28, true)).toBe(16_000);
  });
});

import { LOCAL_VOICE } from '../../constants.ts';

// Why the browser converts: the local recogniser (pocketsphinx) reads 16 kHz 16-bit PCM WAV, and Node has no
// well-kept opus decoder without ffmpeg, while Chromium decodes its own webm/opus natively (Web Audio).

const HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

/** 16-bit PCM mono WAV of float samples (-1..1; louder ones are clipped): the canonical 44-byte header, then data. */
export function encodeWav(samples: Float32Array, sampleRate: number): ArrayBuffer {
  const dataBytes = samples.length * BYTES_PER_SAMPLE;
  const buffer = new ArrayBuffer(HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, HEADER_BYTES - 8 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * BYTES_PER_SAMPLE, true); // byte rate
  view.setUint16(32, BYTES_PER_SAMPLE, true); // block align
  view.setUint16(34, 8 * BYTES_PER_SAMPLE, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(HEADER_BYTES + i * BYTES_PER_SAMPLE, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return buffer;
}

/**
 * A recording (webm/opus, or whatever this browser records) as 16 kHz mono 16-bit PCM WAV, for the local engine.
 * Decoding and rendering both run in OfflineAudioContexts: no audio device or user gesture is needed, and the
 * one-channel render at the target rate does the down-mix and the resampling.
 */
export async function recordingToWav(
  audio: Blob,
  sampleRate: number = LOCAL_VOICE.sampleRate,
): Promise<Blob> {
  const decoded = await new OfflineAudioContext(1, 1, sampleRate).decodeAudioData(await audio.arrayBuffer());
  const length = Math.ceil(decoded.duration * sampleRate);
  let samples = new Float32Array(0);
  if (length > 0) {
    const mixer = new OfflineAudioContext(1, length, sampleRate);
    const source = mixer.createBufferSource();
    source.buffer = decoded;
    source.connect(mixer.destination);
    source.start();
    samples = (await mixer.startRendering()).getChannelData(0);
  }
  return new Blob([encodeWav(samples, sampleRate)], { type: 'audio/wav' });
}

import { WAV_HEADER_MAX_BYTES } from '../../providers/voice/local/wav-header.ts';

// Recognising an upload's container from its first bytes: the browser's file name and MIME type are only
// hints, and refusing non-audio here saves a provider round trip (and its cost) for a file it would refuse too.

export interface AudioFormat {
  /** The extension the provider reads the format from (it names the file recording.{ext}). */
  ext: 'webm' | 'ogg' | 'wav' | 'mp3' | 'flac' | 'mp4';
  mimeType: string;
}

/** The first bytes of an upload kept for its checks: the format's signature, and a WAV's header (its duration). */
export const AUDIO_HEAD_BYTES = WAV_HEADER_MAX_BYTES;

const ascii = (head: Buffer, from: number, to: number) => head.subarray(from, to).toString('latin1');

/** The container the bytes start with, or null when they are not audio whisper takes. */
export function audioFormatOf(head: Buffer): AudioFormat | null {
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return { ext: 'webm', mimeType: 'audio/webm' };
  if (ascii(head, 0, 4) === 'OggS') return { ext: 'ogg', mimeType: 'audio/ogg' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return { ext: 'wav', mimeType: 'audio/wav' };
  // MP3: an ID3 tag, or straight into an MPEG frame (11 sync bits).
  if (ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && head.length > 1 && (head[1]! & 0xe0) === 0xe0)) {
    return { ext: 'mp3', mimeType: 'audio/mpeg' };
  }
  if (ascii(head, 0, 4) === 'fLaC') return { ext: 'flac', mimeType: 'audio/flac' };
  // MP4 / M4A: a box size, then 'ftyp'.
  if (ascii(head, 4, 8) === 'ftyp') return { ext: 'mp4', mimeType: 'audio/mp4' };
  return null;
}

/** Seconds of audio `bytes` hold at the recorder's bitrate: the estimate shown for a refused upload. */
export function estimatedSeconds(bytes: number, bitsPerSecond: number): number {
  return Math.round((bytes * 8) / bitsPerSecond);
}

import { VOICE } from '@cofounder/shared';
import { isDecodablePcm, readWavHeader, sampleWidth, WAV_HEADER_MAX_BYTES } from '../../providers/voice/local/wav-header.ts';
import { fail } from './failures.ts';

// Audio is admitted by how long it lasts, before any of it is decoded or waits for a recogniser: what it costs
// the machine and the founder's minutes is its duration, not its size (a 25 MB WAV can claim two hours).

/** The recorder stops at the limit by itself, a frame or so late. */
const LIMIT_GRACE_SECONDS = 1;
/**
 * Denser than any recording: 48 kHz stereo 32-bit float, uncompressed. A file whose duration its header does not
 * tell lasts at least its size at this rate (a bound that never refuses an honest recording).
 */
const MAX_BITS_PER_SECOND = 48_000 * 2 * 32;

/** A RIFF size that counts the data chunk's pad byte the writer then left out (or the other way round). */
const PAD_BYTE = 1;

/**
 * The duration of a PCM WAV from its header (its data chunk's size over the rate its samples are decoded at), or
 * null for any other audio. Refuses (400) a header that disagrees with itself or with the file's `bytes`.
 */
function wavSeconds(head: Buffer, bytes: number): number | null {
  const header = readWavHeader(head.subarray(0, WAV_HEADER_MAX_BYTES));
  if (!header || !isDecodablePcm(header.format)) return null;
  const { format, fileBytes, dataStart } = header;
  const frameBytes = sampleWidth(format) * format.channels;
  if (format.blockAlign !== frameBytes || format.byteRate !== format.rate * frameBytes) {
    throw fail.headerMismatch(`its byte rate (${format.byteRate}) is not ${format.rate} Hz × ${frameBytes} bytes`);
  }
  if (fileBytes !== null && Math.abs(fileBytes - bytes) > PAD_BYTE) {
    throw fail.headerMismatch(`it declares a ${fileBytes}-byte file, but the file is ${bytes} bytes`);
  }
  const dataBytes = header.dataBytes ?? bytes - dataStart;
  if (dataStart + dataBytes > bytes) {
    throw fail.headerMismatch(`it declares ${dataBytes} bytes of audio, but the file holds ${bytes - dataStart}`);
  }
  return dataBytes / format.byteRate;
}

/**
 * Admits `bytes` of audio starting with `head` for a founder with `secondsLeft` of voice this month (null: no
 * limit): 413 past the recording limit, 429 past the time left, 400 for a WAV header that does not match the file.
 * Answers the most audio the provider may decode (its own bound for audio whose header tells no duration).
 */
export function admitAudio(head: Buffer, bytes: number, secondsLeft: number | null): number {
  const seconds = wavSeconds(head, bytes) ?? (bytes * 8) / MAX_BITS_PER_SECOND;
  const limit = VOICE.maxRecordingSeconds + LIMIT_GRACE_SECONDS;
  if (seconds > limit) throw fail.tooLarge(Math.round(seconds));
  if (secondsLeft !== null && seconds > secondsLeft) throw fail.overMinutes(secondsLeft);
  return Math.min(limit, secondsLeft ?? limit);
}

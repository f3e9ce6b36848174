import { VOICE } from '../../constants.ts';

/** What the recorder asks the microphone for: speech at the transcription rate, mono, cleaned up. */
const RECORDING_CONSTRAINTS: MediaStreamConstraints = {
  audio: {
    sampleRate: VOICE.recordingSampleRate,
    channelCount: 1,
    echoCancellation: true,
    noiseSuppression: true,
  },
};

/** MediaRecorder and getUserMedia both exist (not on old browsers or insecure origins). */
export function recordingSupported(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

export function openMicrophone(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia(RECORDING_CONSTRAINTS);
}

export function stopTracks(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}

/** webm/opus at the spec's bitrate; browsers without it (Safari) record their own default format. */
export function createRecorder(stream: MediaStream): MediaRecorder {
  const bitrate = { audioBitsPerSecond: VOICE.recordingBitsPerSecond };
  return MediaRecorder.isTypeSupported(VOICE.recordingMimeType)
    ? new MediaRecorder(stream, { ...bitrate, mimeType: VOICE.recordingMimeType })
    : new MediaRecorder(stream, bitrate);
}

/** The upload's file name, so the server can tell the format by its extension too. */
export function recordingFilename(mimeType: string): string {
  const subtype = /^audio\/([\w-]+)/.exec(mimeType)?.[1] ?? 'webm';
  const extension = subtype === 'mp4' ? 'm4a' : subtype === 'mpeg' ? 'mp3' : subtype;
  return `recording.${extension}`;
}

/**
 * Samples the microphone's loudness (0-1) ten times a second for the meter. The meter is a nicety: without
 * Web Audio it stays silent and recording still works. Returns the function that stops it and closes the context.
 */
export function startLevelMeter(stream: MediaStream, onLevel: (level: number) => void): () => void {
  let context: AudioContext;
  let analyser: AnalyserNode;
  try {
    context = new AudioContext();
    analyser = context.createAnalyser();
    analyser.fftSize = 256;
    context.createMediaStreamSource(stream).connect(analyser);
  } catch {
    return () => {};
  }
  const samples = new Uint8Array(analyser.fftSize);
  let last = 0;
  const timer = setInterval(() => {
    analyser.getByteTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
    // Speech rarely passes an RMS of 0.3, so scale it up; steps of 0.05 spare renders for changes nobody sees.
    const level = Math.round(Math.min(1, Math.sqrt(sum / samples.length) * 3) * 20) / 20;
    if (level !== last) onLevel((last = level));
  }, 100);
  return () => {
    clearInterval(timer);
    void context.close().catch(() => undefined);
  };
}

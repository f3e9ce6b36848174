import { vi } from 'vitest';

/**
 * Test doubles for voice screens (web tests cannot reach shared's own): a microphone whose track records
 * stop() and enabled, and a MediaRecorder whose stop() delivers one small webm recording.
 */
export class FakeTrack {
  stopped = false;
  enabled = true;
  stop() {
    this.stopped = true;
  }
}

export class FakeStream {
  readonly tracks = [new FakeTrack()];
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks;
  }
}

class FakeMediaRecorder {
  static isTypeSupported = () => true;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm;codecs=opus';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['voice'], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}

/** Installs a working microphone (and MediaRecorder); undo with removeFakeMicrophone. */
export function installFakeMicrophone() {
  const stream = new FakeStream();
  const getUserMedia = vi.fn((_constraints: MediaStreamConstraints) => Promise.resolve(stream));
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { stream, getUserMedia };
}

export function removeFakeMicrophone() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
}

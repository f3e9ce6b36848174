import { vi } from 'vitest';

/**
 * Test doubles for the browser's recording APIs: a microphone stream, MediaRecorder and AudioContext. Web tests
 * import them as `@cofounder/shared/test/fake-media`.
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

export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static supported = true;
  static isTypeSupported() {
    return FakeMediaRecorder.supported;
  }
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  /** What stop() delivers as the recording. */
  data: Blob = new Blob(['voice'], { type: 'audio/webm' });
  constructor(
    readonly stream: FakeStream,
    readonly options: MediaRecorderOptions = {},
  ) {
    this.mimeType = options.mimeType ?? 'audio/mp4';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: this.data });
    this.onstop?.();
  }
}

export class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  closed = false;
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  createAnalyser() {
    // A steady tone: every sample 0.25 above silence, so the meter reads 0.75.
    return { fftSize: 0, getByteTimeDomainData: (samples: Uint8Array) => samples.fill(160) };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

/** Installs the doubles; `getUserMedia` replaces the microphone (e.g. to reject with NotAllowedError). */
export function installFakeMedia(getUserMedia?: (constraints?: MediaStreamConstraints) => Promise<unknown>) {
  const stream = new FakeStream();
  FakeMediaRecorder.instances = [];
  FakeMediaRecorder.supported = true;
  FakeAudioContext.instances = [];
  const gum = vi.fn((constraints?: MediaStreamConstraints) =>
    getUserMedia ? getUserMedia(constraints) : Promise.resolve(stream),
  );
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: gum }, configurable: true });
  return { stream, getUserMedia: gum, recorder: () => FakeMediaRecorder.instances.at(-1) };
}

export function removeFakeMedia() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
}

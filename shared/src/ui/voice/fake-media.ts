import { vi } from 'vitest';

/**
 * Test doubles for the browser's recording APIs: a microphone stream, MediaRecorder, AudioContext and the
 * OfflineAudioContext the WAV conversion uses. Web tests import them as `@cofounder/shared/test/fake-media`.
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

interface FakeAudioBuffer {
  duration: number;
  getChannelData: (channel: number) => Float32Array;
}

const fakeBuffer = (samples: Float32Array, sampleRate: number): FakeAudioBuffer => ({
  duration: samples.length / sampleRate,
  getChannelData: () => samples,
});

/**
 * Decodes every recording to 0.1 s of a steady half-scale signal at the context's rate (or fails, as a corrupt
 * recording does, when `decodeFails`); rendering plays the source buffer into a buffer of the context's length.
 */
export class FakeOfflineAudioContext {
  static decodeFails = false;
  static decoded: ArrayBuffer[] = [];
  readonly destination = {};
  private readonly sources: { buffer: FakeAudioBuffer | null }[] = [];
  constructor(
    readonly numberOfChannels: number,
    readonly length: number,
    readonly sampleRate: number,
  ) {}
  decodeAudioData(data: ArrayBuffer) {
    FakeOfflineAudioContext.decoded.push(data);
    if (FakeOfflineAudioContext.decodeFails)
      return Promise.reject(new DOMException('Unable to decode audio data', 'EncodingError'));
    return Promise.resolve(fakeBuffer(new Float32Array(this.sampleRate / 10).fill(0.5), this.sampleRate));
  }
  createBufferSource() {
    const source = {
      buffer: null as FakeAudioBuffer | null,
      connect: () => undefined,
      start: () => undefined,
    };
    this.sources.push(source);
    return source;
  }
  startRendering() {
    const rendered = new Float32Array(this.length);
    const input = this.sources[0]?.buffer?.getChannelData(0) ?? new Float32Array(0);
    rendered.set(input.subarray(0, this.length));
    return Promise.resolve(fakeBuffer(rendered, this.sampleRate));
  }
}

/** Installs the doubles; `getUserMedia` replaces the microphone (e.g. to reject with NotAllowedError). */
export function installFakeMedia(getUserMedia?: (constraints?: MediaStreamConstraints) => Promise<unknown>) {
  const stream = new FakeStream();
  FakeMediaRecorder.instances = [];
  FakeMediaRecorder.supported = true;
  FakeAudioContext.instances = [];
  FakeOfflineAudioContext.decodeFails = false;
  FakeOfflineAudioContext.decoded = [];
  const gum = vi.fn((constraints?: MediaStreamConstraints) =>
    getUserMedia ? getUserMedia(constraints) : Promise.resolve(stream),
  );
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('OfflineAudioContext', FakeOfflineAudioContext);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: gum }, configurable: true });
  return { stream, getUserMedia: gum, recorder: () => FakeMediaRecorder.instances.at(-1) };
}

export function removeFakeMedia() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
}

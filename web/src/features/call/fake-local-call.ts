import { vi } from 'vitest';
import type { LocalCallServerMessage } from '@cofounder/shared';

// Test doubles for the local call: the socket (the test plays the server) and the Web Audio pieces the call uses
// (a 16 kHz context with the capture worklet, and the answers' playback). The microphone is installFakeMedia's.

export class FakeCallSocket {
  static instances: FakeCallSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  binaryType = 'blob';
  /** Text messages parsed, binary ones as they were. */
  readonly sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeCallSocket.instances.push(this);
  }
  send(data: string | ArrayBuffer) {
    this.sent.push(typeof data === 'string' ? JSON.parse(data) : data);
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedWith = code;
  }
  /** The server side: */
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(message: LocalCallServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  emitAudio(bytes = new ArrayBuffer(64)) {
    this.onmessage?.({ data: bytes });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  /** What the page sent as text, in order. */
  get texts() {
    return this.sent.filter((m) => !(m instanceof ArrayBuffer));
  }
  get frames() {
    return this.sent.filter((m) => m instanceof ArrayBuffer);
  }
}

export class FakePlayback {
  started = false;
  stopped = false;
  buffer: unknown = null;
  onended: (() => void) | null = null;
  connect() {}
  start() {
    this.started = true;
  }
  stop() {
    this.stopped = true;
  }
}

export class FakeCaptureNode {
  static instances: FakeCaptureNode[] = [];
  readonly port: { onmessage: ((e: { data: ArrayBuffer }) => void) | null } = { onmessage: null };
  constructor(
    readonly context: unknown,
    readonly name: string,
    readonly options: { processorOptions: { frameSamples: number } },
  ) {
    FakeCaptureNode.instances.push(this);
  }
  connect() {}
  /** The worklet posts one frame of `frameSamples` 16-bit samples. */
  frame() {
    this.port.onmessage?.({ data: new Int16Array(this.options.processorOptions.frameSamples).buffer });
  }
}

export class FakeCallAudioContext {
  static instances: FakeCallAudioContext[] = [];
  readonly modules: string[] = [];
  readonly playbacks: FakePlayback[] = [];
  readonly destination = {};
  state = 'running';
  closed = false;
  readonly audioWorklet = { addModule: (url: string) => (this.modules.push(url), Promise.resolve()) };
  constructor(readonly options: { sampleRate: number }) {
    FakeCallAudioContext.instances.push(this);
  }
  createMediaStreamSource() {
    return { connect: () => undefined, disconnect: () => undefined };
  }
  decodeAudioData() {
    return Promise.resolve({ duration: 1 });
  }
  createBufferSource() {
    const source = new FakePlayback();
    this.playbacks.push(source);
    return source;
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

/** Installs the doubles (after installFakeMedia, whose AudioContext this replaces). */
export function installFakeLocalCall() {
  FakeCallSocket.instances = [];
  FakeCaptureNode.instances = [];
  FakeCallAudioContext.instances = [];
  vi.stubGlobal('WebSocket', FakeCallSocket);
  vi.stubGlobal('AudioContext', FakeCallAudioContext);
  vi.stubGlobal('AudioWorkletNode', FakeCaptureNode);
  return {
    socket: () => FakeCallSocket.instances.at(-1),
    capture: () => FakeCaptureNode.instances.at(-1),
    context: () => FakeCallAudioContext.instances.at(-1),
  };
}

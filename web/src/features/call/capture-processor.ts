/** The AudioWorklet processor that taps the microphone on a local call (local-call-capture.worklet.ts). */
export const CAPTURE_PROCESSOR = 'cofounder-call-capture';

/** What the page passes the processor when it creates its node. */
export interface CaptureOptions {
  /** 16-bit samples per frame posted to the page (LOCAL_VOICE.call.frameMs at LOCAL_VOICE.sampleRate). */
  frameSamples: number;
}

// The local call's microphone tap, run on the audio thread (AudioWorklet): the AudioContext runs at 16 kHz, so
// its input is already at the recogniser's rate; this cuts it into frames of `frameSamples` 16-bit samples and
// posts each to the page, which sends it on the call socket. It is bundled on its own (Vite `?worker&url`), so it
// imports nothing but the processor's name.
import { CAPTURE_PROCESSOR, type CaptureOptions } from './capture-processor.ts';

declare const registerProcessor: (name: string, processor: unknown) => void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

class CallCapture extends AudioWorkletProcessor {
  private readonly size: number;
  private frame: Int16Array;
  private filled = 0;

  constructor(options: { processorOptions: CaptureOptions }) {
    super();
    this.size = options.processorOptions.frameSamples;
    this.frame = new Int16Array(this.size);
  }

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel) return true; // no input yet (or the microphone stopped): keep the processor alive
    for (const value of channel) {
      const sample = Math.max(-1, Math.min(1, value));
      this.frame[this.filled++] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
      if (this.filled === this.size) {
        // Handed over, not copied (the old view is empty from here on): a new frame starts.
        this.port.postMessage(this.frame.buffer, [this.frame.buffer]);
        this.frame = new Int16Array(this.size);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor(CAPTURE_PROCESSOR, CallCapture);

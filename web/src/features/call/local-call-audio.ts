import { LOCAL_VOICE } from '@cofounder/shared';
import { CAPTURE_PROCESSOR, type CaptureOptions } from './capture-processor.ts';
import captureWorkletUrl from './local-call-capture.worklet.ts?worker&url';

/**
 * The local call's audio in the browser: the microphone at 16 kHz (the AudioContext runs at the recogniser's rate,
 * so the browser resamples whatever the device gives) cut into 20 ms frames of 16-bit PCM by an AudioWorklet, and
 * the co-founder's spoken answers (WAV files) played through the same context, stoppable at once (barge-in).
 */
export interface LocalCallAudio {
  microphone: MediaStream;
  /** Plays one answer; resolves when it starts. */
  play(wav: ArrayBuffer): Promise<void>;
  /** Stops every answer playing now. */
  stopPlayback(): void;
  /** Releases the microphone and the context. */
  close(): void;
}

/** Opens the microphone and starts posting frames to `onFrame` (each a 16-bit PCM ArrayBuffer). */
export async function openLocalCallAudio(onFrame: (frame: ArrayBuffer) => void): Promise<LocalCallAudio> {
  const microphone = await navigator.mediaDevices.getUserMedia({
    audio: {
      sampleRate: LOCAL_VOICE.sampleRate,
      channelCount: 1,
      // The answer plays through the speakers: without echo cancellation the co-founder would interrupt itself.
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
    },
  });
  const context = new AudioContext({ sampleRate: LOCAL_VOICE.sampleRate });
  const playing = new Set<AudioBufferSourceNode>();
  // Held for the whole call: Chromium may collect a microphone source nothing in the page refers to, and the
  // frames stop.
  let graph: { source: MediaStreamAudioSourceNode; capture: AudioWorkletNode };
  try {
    await context.audioWorklet.addModule(captureWorkletUrl);
    const processorOptions: CaptureOptions = { frameSamples: (LOCAL_VOICE.sampleRate * LOCAL_VOICE.call.frameMs) / 1000 };
    const capture = new AudioWorkletNode(context, CAPTURE_PROCESSOR, { numberOfInputs: 1, numberOfOutputs: 1, processorOptions });
    capture.port.onmessage = (event: MessageEvent<ArrayBuffer>) => onFrame(event.data);
    graph = { source: context.createMediaStreamSource(microphone), capture };
    graph.source.connect(capture);
    // The context only runs what reaches its destination; the processor writes nothing, so this plays silence.
    capture.connect(context.destination);
    // A context created before the click's promise chain settled may start suspended.
    if (context.state === 'suspended') await context.resume();
  } catch (err) {
    for (const track of microphone.getTracks()) track.stop();
    void context.close();
    throw err;
  }

  const stopPlayback = () => {
    for (const source of playing) source.stop();
    playing.clear();
  };

  return {
    microphone,
    async play(wav) {
      const buffer = await context.decodeAudioData(wav);
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      source.onended = () => playing.delete(source);
      playing.add(source);
      source.start();
    },
    stopPlayback,
    close() {
      stopPlayback();
      graph.source.disconnect();
      graph.capture.port.onmessage = null;
      for (const track of microphone.getTracks()) track.stop();
      void context.close();
    },
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE } from '../../constants.ts';
import type { VoiceEngine } from '../../schemas/config.ts';
import {
  createRecorder,
  openMicrophone,
  recordingFilename,
  recordingSupported,
  startLevelMeter,
  stopTracks,
} from './microphone.ts';
import { recordingToWav } from './to-wav.ts';
import {
  microphoneNotice,
  transcriptionNotice,
  unavailableText,
  voiceNotice,
  type VoiceNotice,
} from './voice-notice.ts';

export type VoiceRecorderState = 'idle' | 'recording' | 'transcribing';

export interface UseVoiceRecorderOptions {
  /** Uploads a finished recording (POST /transcription) and resolves with its text. */
  transcribe: (audio: Blob, filename: string) => Promise<{ text: string }>;
  /**
   * The trimmed, non-empty transcript, for the owner to place in its input; `local` when this server's own
   * recogniser made it (the owner labels it VOICE_TEXT.localTranscription).
   */
  onTranscript: (text: string, source: { local: boolean }) => void;
  /** Whether the server can transcribe; when false, starting only reports VOICE_TEXT.unavailable. */
  available: boolean;
  /** Why the server cannot transcribe (e.g. the install command), added to the unavailable text. */
  unavailableReason?: string | null;
  /** Who transcribes: 'local' gets the recording converted to 16 kHz PCM WAV first; others get it as recorded. */
  engine?: VoiceEngine | null;
  /** The WAV conversion (the browser's Web Audio by default; tests without Web Audio pass their own). */
  toWav?: (audio: Blob) => Promise<Blob>;
  /** Warnings and failures; the owner shows them (toast or inline) or, for noSpeech, may only log. */
  onNotice: (notice: VoiceNotice) => void;
}

export interface VoiceRecorder {
  state: VoiceRecorderState;
  /** Whole seconds since recording started. */
  elapsed: number;
  /** Microphone loudness 0-1 while recording. */
  level: number;
  available: boolean;
  /** VOICE_TEXT.unavailable, with the server's reason when it gave one (the button's tooltip). */
  unavailableText: string;
  start: () => Promise<void>;
  stop: () => void;
  /** Start when idle, stop when recording (the mic button). */
  toggle: () => void;
}

interface ActiveRecording {
  recorder: MediaRecorder;
  stream: MediaStream;
  timer: ReturnType<typeof setInterval>;
  stopMeter: () => void;
}

/** Frees the microphone: the recorder is stopped by the caller first, so its last data still arrives. */
function release(active: ActiveRecording) {
  clearInterval(active.timer);
  active.stopMeter();
  stopTracks(active.stream);
}

/**
 * Voice-to-text (spec 1 §5, §9): records webm/opus from the microphone, warns at 9 minutes, stops itself at 10,
 * refuses recordings over the upload limit, converts to WAV for the local engine, and hands the transcript over.
 */
export function useVoiceRecorder(options: UseVoiceRecorderOptions): VoiceRecorder {
  const [state, setState] = useState<VoiceRecorderState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  // The latest callbacks, read when the recording ends, so start/stop stay stable across renders.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const active = useRef<ActiveRecording | null>(null);
  const starting = useRef(false);
  const transcribing = useRef(false);
  const mounted = useRef(true);

  const finish = useCallback(async (audio: Blob) => {
    const { transcribe, onTranscript, onNotice, engine, toWav = recordingToWav } = latest.current;
    const local = engine === 'local';
    try {
      if (audio.size > VOICE.maxUploadBytes) return onNotice(voiceNotice('tooLarge'));
      let upload = audio;
      if (local && audio.size > 0) {
        try {
          upload = await toWav(audio);
        } catch {
          if (mounted.current) onNotice(voiceNotice('processFailed'));
          return;
        }
        if (upload.size > VOICE.maxUploadBytes) return onNotice(voiceNotice('tooLarge'));
      }
      const text =
        upload.size === 0 ? '' : (await transcribe(upload, recordingFilename(upload.type))).text.trim();
      if (!mounted.current) return;
      if (text) onTranscript(text, { local });
      else onNotice(voiceNotice('noSpeech'));
    } catch (err) {
      if (mounted.current) onNotice(transcriptionNotice(err));
    } finally {
      transcribing.current = false;
      if (mounted.current) setState('idle');
    }
  }, []);

  const stop = useCallback(() => {
    const current = active.current;
    if (!current) return;
    active.current = null;
    transcribing.current = true;
    setState('transcribing');
    setLevel(0);
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    release(current);
  }, []);

  const start = useCallback(async () => {
    if (active.current || starting.current || transcribing.current) return;
    const { available, onNotice, unavailableReason } = latest.current;
    if (!available) return onNotice(voiceNotice('unavailable', unavailableText(unavailableReason)));
    if (!recordingSupported()) return onNotice(voiceNotice('notSupported'));
    starting.current = true;
    try {
      let stream: MediaStream;
      try {
        stream = await openMicrophone();
      } catch (err) {
        return onNotice(microphoneNotice(err));
      }
      if (!mounted.current) return stopTracks(stream);
      const chunks: Blob[] = [];
      let recorder: MediaRecorder;
      try {
        recorder = createRecorder(stream);
        recorder.ondataavailable = (e) => {
          if (e.data.size > 0) chunks.push(e.data);
        };
        recorder.onstop = () => {
          if (mounted.current)
            void finish(new Blob(chunks, { type: recorder.mimeType || VOICE.recordingMimeType }));
        };
        recorder.start();
      } catch {
        stopTracks(stream);
        return onNotice(voiceNotice('startFailed'));
      }
      const startedAt = Date.now();
      let warned = false;
      // Counted from the clock, not from ticks: background tabs slow intervals down.
      const timer = setInterval(() => {
        const seconds = Math.floor((Date.now() - startedAt) / 1000);
        setElapsed(seconds);
        if (!warned && seconds >= VOICE.warningAtSeconds) {
          warned = true;
          latest.current.onNotice(voiceNotice('oneMinuteLeft'));
        }
        if (seconds >= VOICE.maxRecordingSeconds) stop();
      }, 250);
      active.current = { recorder, stream, timer, stopMeter: startLevelMeter(stream, setLevel) };
      setElapsed(0);
      setState('recording');
    } finally {
      starting.current = false;
    }
  }, [finish, stop]);

  const toggle = useCallback(() => {
    if (active.current) stop();
    else void start();
  }, [start, stop]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      // Leaving the screen drops the recording: nothing is uploaded, the microphone is freed.
      mounted.current = false;
      const current = active.current;
      active.current = null;
      if (!current) return;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      release(current);
    };
  }, []);

  return {
    state,
    elapsed,
    level,
    available: options.available,
    unavailableText: unavailableText(options.unavailableReason),
    start,
    stop,
    toggle,
  };
}

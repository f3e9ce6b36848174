// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { VOICE } from '../../constants.ts';
import { ApiError } from '../../api/api-error.ts';
import { VOICE_TEXT } from '../../schemas/voice.ts';
import {
  FakeAudioContext,
  FakeMediaRecorder,
  FakeOfflineAudioContext,
  installFakeMedia,
  removeFakeMedia,
} from './fake-media.ts';
import { useVoiceRecorder, type UseVoiceRecorderOptions } from './use-voice-recorder.ts';
import type { VoiceNotice } from './voice-notice.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  removeFakeMedia();
  vi.useRealTimers();
});

function setup(
  overrides: Pick<
    Partial<UseVoiceRecorderOptions>,
    'transcribe' | 'available' | 'engine' | 'toWav' | 'unavailableReason'
  > = {},
) {
  const options = {
    transcribe: vi.fn(() => Promise.resolve({ text: '  hello there ' })),
    available: true,
    ...overrides,
    onTranscript: vi.fn(),
    onNotice: vi.fn<(notice: VoiceNotice) => void>(),
  };
  const hook = renderHook(() => useVoiceRecorder(options));
  return { ...options, hook, current: () => hook.result.current };
}

const messages = (onNotice: ReturnType<typeof setup>['onNotice']) =>
  onNotice.mock.calls.map(([n]) => n.message);

describe('useVoiceRecorder', () => {
  it('records webm/opus at 16 kHz mono, times it, meters it, and hands the trimmed transcript over', async () => {
    const media = installFakeMedia();
    const t = setup();
    await act(() => t.current().start());
    expect(t.current().state).toBe('recording');
    expect(media.getUserMedia).toHaveBeenCalledWith({
      audio: { sampleRate: 16_000, channelCount: 1, echoCancellation: true, noiseSuppression: true },
    });
    expect(media.recorder()?.options).toEqual({
      mimeType: 'audio/webm;codecs=opus',
      audioBitsPerSecond: 32_000,
    });

    act(() => vi.advanceTimersByTime(65_000));
    expect(t.current().elapsed).toBe(65);
    expect(t.current().level).toBe(0.75);

    await act(async () => t.current().stop());
    expect(t.transcribe).toHaveBeenCalledWith(expect.any(Blob), 'recording.webm');
    expect(t.onTranscript).toHaveBeenCalledWith('hello there', { local: false });
    expect(t.current().state).toBe('idle');
    expect(media.stream.tracks.every((track) => track.stopped)).toBe(true);
    expect(FakeAudioContext.instances[0]?.closed).toBe(true);
    expect(t.onNotice).not.toHaveBeenCalled();
  });

  it('is transcribing between stop and the answer', async () => {
    installFakeMedia();
    let answer!: (v: { text: string }) => void;
    const t = setup({ transcribe: vi.fn(() => new Promise<{ text: string }>((r) => (answer = r))) });
    await act(() => t.current().start());
    act(() => t.current().stop());
    expect(t.current().state).toBe('transcribing');
    await act(async () => answer({ text: 'done' }));
    expect(t.current().state).toBe('idle');
    expect(t.onTranscript).toHaveBeenCalledWith('done', { local: false });
  });

  it('falls back to the browser default format when webm/opus is unsupported', async () => {
    const media = installFakeMedia();
    FakeMediaRecorder.supported = false;
    const t = setup();
    await act(() => t.current().start());
    expect(media.recorder()?.options).toEqual({ audioBitsPerSecond: 32_000 });
    await act(async () => t.current().stop());
    expect(t.transcribe).toHaveBeenCalledWith(expect.any(Blob), 'recording.m4a');
  });

  it('converts to WAV for the local engine and uploads recording.wav, marked local', async () => {
    const media = installFakeMedia();
    const wav = new Blob([new Uint8Array(44)], { type: 'audio/wav' });
    const toWav = vi.fn(() => Promise.resolve(wav));
    const t = setup({ engine: 'local', toWav });
    await act(() => t.current().start());
    // Still recorded as webm/opus: the conversion happens after the recording.
    expect(media.recorder()?.options.mimeType).toBe('audio/webm;codecs=opus');
    await act(async () => t.current().stop());
    // The recorder's chunks, as one blob of the recorder's type.
    expect(toWav).toHaveBeenCalledWith(expect.objectContaining({ type: 'audio/webm;codecs=opus' }));
    expect(t.transcribe).toHaveBeenCalledWith(wav, 'recording.wav');
    expect(t.onTranscript).toHaveBeenCalledWith('hello there', { local: true });
  });

  it("by default converts with Web Audio: 16 kHz mono 16-bit PCM of the recording's sound", async () => {
    installFakeMedia();
    const t = setup({ engine: 'local' });
    await act(() => t.current().start());
    await act(async () => t.current().stop());
    await vi.waitFor(() => expect(t.transcribe).toHaveBeenCalled());
    const [audio, filename] = vi.mocked(t.transcribe).mock.calls[0]!;
    expect(filename).toBe('recording.wav');
    expect(audio.type).toBe('audio/wav');
    const view = new DataView(await audio.arrayBuffer());
    // The fake decoder hears 0.1 s of a half-scale signal.
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(40, true)).toBe(1600 * 2);
    expect(view.getInt16(44, true)).toBe(16_383);
    expect(FakeOfflineAudioContext.decoded).toHaveLength(1);
  });

  it('says the recording could not be processed when it cannot be decoded, and uploads nothing', async () => {
    installFakeMedia();
    FakeOfflineAudioContext.decodeFails = true;
    const t = setup({ engine: 'local' });
    await act(() => t.current().start());
    await act(async () => t.current().stop());
    await vi.waitFor(() => expect(messages(t.onNotice)).toEqual([VOICE_TEXT.processFailed]));
    expect(t.transcribe).not.toHaveBeenCalled();
    expect(t.current().state).toBe('idle');
  });

  it("adds the server's reason to the unavailable text", async () => {
    const media = installFakeMedia();
    const reason = 'Local voice needs flite: sudo apt-get install -y flite';
    const t = setup({ available: false, unavailableReason: reason });
    expect(t.current().unavailableText).toBe(`${VOICE_TEXT.unavailable}. ${reason}`);
    await act(() => t.current().start());
    expect(messages(t.onNotice)).toEqual([`${VOICE_TEXT.unavailable}. ${reason}`]);
    expect(media.getUserMedia).not.toHaveBeenCalled();
  });

  it('warns once at 540 s and stops by itself at 600 s', async () => {
    installFakeMedia();
    const t = setup();
    await act(() => t.current().start());
    act(() => vi.advanceTimersByTime((VOICE.warningAtSeconds - 1) * 1000));
    expect(t.onNotice).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(t.onNotice).toHaveBeenCalledWith({
      code: 'oneMinuteLeft',
      severity: 'warning',
      message: VOICE_TEXT.oneMinuteLeft,
    });
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(t.current().state).toBe('recording');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(t.onNotice).toHaveBeenCalledTimes(1);
    expect(t.transcribe).toHaveBeenCalledTimes(1);
    expect(t.current().state).toBe('idle');
  });

  it('refuses a recording over the upload limit without uploading it', async () => {
    const media = installFakeMedia();
    const t = setup();
    await act(() => t.current().start());
    media.recorder()!.data = new Blob([new Uint8Array(VOICE.maxUploadBytes + 1)], { type: 'audio/webm' });
    await act(async () => t.current().stop());
    expect(t.transcribe).not.toHaveBeenCalled();
    expect(messages(t.onNotice)).toEqual([VOICE_TEXT.tooLarge]);
    expect(t.current().state).toBe('idle');
  });

  it('reports an empty transcript as noSpeech and hands nothing over', async () => {
    installFakeMedia();
    const t = setup({ transcribe: vi.fn(() => Promise.resolve({ text: '   ' })) });
    await act(() => t.current().start());
    await act(async () => t.current().stop());
    expect(t.onTranscript).not.toHaveBeenCalled();
    expect(t.onNotice).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'noSpeech', message: VOICE_TEXT.noSpeech }),
    );
  });

  it.each([
    ['unavailable', { available: false }, VOICE_TEXT.unavailable],
    ['no getUserMedia', { noMedia: true }, VOICE_TEXT.notSupported],
    ['permission refused', { reject: new DOMException('no', 'NotAllowedError') }, VOICE_TEXT.micDenied],
    ['no microphone', { reject: new DOMException('none', 'NotFoundError') }, VOICE_TEXT.startFailed],
  ])(
    'does not record when %s',
    async (_name, how: { available?: boolean; noMedia?: boolean; reject?: Error }, text) => {
      const media = installFakeMedia(how.reject ? () => Promise.reject(how.reject) : undefined);
      if (how.noMedia) Reflect.deleteProperty(navigator, 'mediaDevices');
      const t = setup({ available: how.available ?? true });
      await act(() => t.current().start());
      expect(t.current().state).toBe('idle');
      expect(messages(t.onNotice)).toEqual([text]);
      if (how.available === false) expect(media.getUserMedia).not.toHaveBeenCalled();
    },
  );

  it.each([
    [
      '413 Audio too long',
      new ApiError(413, 'Audio too long', 'Recording is over 10 minutes.', undefined, {
        error: 'Audio too long',
        message: 'Recording is over 10 minutes.',
        estimatedDuration: 642,
      }),
      'Audio too long: Recording is over 10 minutes. Estimated duration: 10:42.',
    ],
    ['other 413', new ApiError(413, 'payload_too_large', 'Too big'), VOICE_TEXT.fileTooLarge],
    [
      '400 Unsupported audio format',
      new ApiError(400, 'Unsupported audio format', 'Use webm.', undefined, {
        error: 'Unsupported audio format',
        message: 'Use webm.',
      }),
      'Unsupported audio format: Use webm.',
    ],
    ['a server failure', new ApiError(500, 'internal', 'boom'), 'Transcription failed. Please try again.'],
    ['a network failure', new TypeError('Failed to fetch'), 'Transcription failed. Please try again.'],
  ])('maps %s to its text', async (_name, error, text) => {
    installFakeMedia();
    const t = setup({ transcribe: vi.fn(() => Promise.reject(error)) });
    await act(() => t.current().start());
    await act(async () => t.current().stop());
    expect(messages(t.onNotice)).toEqual([text]);
    expect(t.current().state).toBe('idle');
  });

  it('frees the microphone and uploads nothing when unmounted mid-recording', async () => {
    const media = installFakeMedia();
    const t = setup();
    await act(() => t.current().start());
    t.hook.unmount();
    expect(media.stream.tracks[0]?.stopped).toBe(true);
    expect(FakeAudioContext.instances[0]?.closed).toBe(true);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(t.transcribe).not.toHaveBeenCalled();
  });
});

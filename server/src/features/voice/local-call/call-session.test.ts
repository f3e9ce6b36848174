import { LOCAL_CALL_TEXT, LOCAL_VOICE, VOICE_TEXT, type LocalCallServerMessage } from '@cofounder/shared';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../http/errors.ts';
import type { LocalSpeech } from '../../../providers/voice/local/local-speech.ts';
import { encodeWav } from '../../../providers/voice/local/wav.ts';
import type { CallAnswer } from './call-answer.ts';
import { startCallSession } from './call-session.ts';

// The call's turn-taking rules with the speech engines replaced (the socket tests run the real ones): what is
// said back, what ends the call, and what a founder talking over an answer stops.

afterEach(() => vi.useRealTimers());

const QUIET_MS = 300;
/** A quiet moment, `ms` of speech-like sound (syllables of a tone), then enough silence to end the turn. */
function turnAudio(ms = 800): Buffer {
  const samples = new Int16Array(((QUIET_MS + ms + LOCAL_VOICE.call.endOfTurnSilenceMs + 200) * LOCAL_VOICE.sampleRate) / 1000);
  const from = (QUIET_MS * LOCAL_VOICE.sampleRate) / 1000;
  for (let i = 0; i < (ms * LOCAL_VOICE.sampleRate) / 1000; i++) {
    const t = i / LOCAL_VOICE.sampleRate;
    samples[from + i] = (t * 1000) % 240 < 200 ? Math.round(Math.sin(2 * Math.PI * 180 * t) * 5000) : 0;
  }
  return Buffer.from(samples.buffer);
}
/** Only the start of a turn: enough speech to be heard as someone talking (whole frames), no end. */
const talking = () => turnAudio().subarray(0, ((QUIET_MS + 400) * LOCAL_VOICE.sampleRate * 2) / 1000);

/** One second of silence as flite would hand it back. */
const SPOKEN = encodeWav({ sampleRate: LOCAL_VOICE.sampleRate, samples: new Int16Array(LOCAL_VOICE.sampleRate) });

function setUp({ heard = ['make a plan'], answer }: { heard?: string[]; answer?: (text: string) => Promise<CallAnswer> } = {}) {
  const sent: LocalCallServerMessage[] = [];
  const audio: Buffer[] = [];
  const closed = vi.fn();
  const endCall = vi.fn(() => Promise.resolve());
  const words = [...heard];
  const speech = {
    recognizer: { recognize: async () => ({ text: words.shift() ?? '', seconds: 1 }) },
    synthesizer: { speak: async () => SPOKEN },
  } as unknown as LocalSpeech;
  const answerTurn = vi.fn(async (_userId: string, text: string) =>
    answer ? answer(text) : { text: `About "${text}": here is a plan.`, producedBy: 'offline', tasksCreated: 0 },
  );
  const session = startCallSession({
    userId: 'founder-1',
    maxSeconds: 900,
    speech,
    live: null,
    answer: answerTurn,
    endCall,
    log: pino({ level: 'silent' }),
    peer: { send: (m) => sent.push(m), sendAudio: (wav) => audio.push(wav), close: closed },
  });
  return { session, sent, audio, closed, endCall, answerTurn };
}

describe('local call session', () => {
  it('a turn is heard, answered, and the answer spoken', async () => {
    const call = setUp();
    call.session.audio(turnAudio());
    await vi.waitFor(() => expect(call.audio).toHaveLength(1));
    expect(call.sent).toEqual([
      { type: 'transcript', role: 'user', text: 'make a plan' },
      { type: 'transcript', role: 'intern', text: 'About "make a plan": here is a plan.', producedBy: 'offline', tasksCreated: 0 },
    ]);
    expect(call.answerTurn).toHaveBeenCalledWith('founder-1', 'make a plan');
  });

  it('a turn with no words recognised is asked again, and nothing goes to the chat', async () => {
    const call = setUp({ heard: [''] });
    call.session.audio(turnAudio());
    await vi.waitFor(() => expect(call.audio).toHaveLength(1));
    expect(call.sent).toEqual([{ type: 'transcript', role: 'intern', text: LOCAL_CALL_TEXT.notHeard, producedBy: null }]);
    expect(call.answerTurn).not.toHaveBeenCalled();
  });

  it('the message allowance used up ends the call with its text, metered once', async () => {
    const call = setUp({ answer: () => Promise.reject(new AppError('rate_limited', 'Monthly message limit reached')) });
    call.session.audio(turnAudio());
    await vi.waitFor(() => expect(call.closed).toHaveBeenCalled());
    expect(call.sent.at(-1)).toEqual({ type: 'ended', error: 'Monthly message limit reached' });
    await call.session.end();
    expect(call.endCall).toHaveBeenCalledTimes(1);
  });

  it('a model that failed this turn is reported and the call goes on', async () => {
    const call = setUp({ answer: () => Promise.reject(new AppError('ai_unavailable', 'The model is not answering')) });
    call.session.audio(turnAudio());
    await vi.waitFor(() => expect(call.sent.at(-1)).toEqual({ type: 'error', message: 'The model is not answering' }));
    expect(call.session.ended).toBe(false);
  });

  it('talking over an answer that is still coming: barge-in, and that answer is never played', async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const call = setUp({
      heard: ['first question', 'second question'],
      answer: async (text) => {
        if (text === 'first question') await slow;
        return { text: `Answer to ${text}.`, producedBy: 'offline', tasksCreated: 0 };
      },
    });
    call.session.audio(turnAudio());
    await vi.waitFor(() => expect(call.sent).toContainEqual({ type: 'transcript', role: 'user', text: 'first question' }));
    call.session.audio(talking());
    expect(call.sent.at(-1)).toEqual({ type: 'barge_in' });
    release();
    call.session.audio(turnAudio().subarray(talking().length));
    await vi.waitFor(() => expect(call.audio).toHaveLength(1));
    // Both answers are in the transcript; only the second was spoken.
    const answers = call.sent.flatMap((m) => (m.type === 'transcript' && m.role === 'intern' ? [m.text] : []));
    expect(answers).toEqual(['Answer to first question.', 'Answer to second question.']);
  });

  it('ends itself at the call\'s allowed time with the limit text', async () => {
    vi.useFakeTimers();
    const call = setUp();
    await vi.advanceTimersByTimeAsync(899_000);
    expect(call.session.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(call.sent.at(-1)).toEqual({ type: 'ended', error: VOICE_TEXT.callLimitReached });
    expect(call.endCall).toHaveBeenCalledTimes(1);
    expect(call.closed).toHaveBeenCalled();
  });
});

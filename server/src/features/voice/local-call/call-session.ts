import { LOCAL_CALL_TEXT, LOCAL_VOICE, VOICE_TEXT, type LocalCallServerMessage } from '@cofounder/shared';
import type { Logger } from 'pino';
import { AppError } from '../../../http/errors.ts';
import type { LocalSpeech } from '../../../providers/voice/local/local-speech.ts';
import { parseWav, secondsOf } from '../../../providers/voice/local/wav.ts';
import type { AnswerTurn } from './call-answer.ts';
import type { LiveRecognition, LiveRecognizer } from '../../../providers/voice/local/live-recognizer.ts';
import { createFramer, createTurnDetector, type TurnEvent } from './turn-detector.ts';

/** The browser's end of the call, whatever carries it. */
export interface CallPeer {
  send(message: LocalCallServerMessage): void;
  /** One spoken answer: a 16-bit mono PCM WAV file. */
  sendAudio(wav: Buffer): void;
  close(): void;
}

export interface CallSessionDeps {
  userId: string;
  maxSeconds: number;
  speech: LocalSpeech;
  /** Recognition while the founder speaks; null: each turn is recognised once it ends (slower). */
  live: LiveRecognizer | null;
  answer: AnswerTurn;
  /** Ends and meters the reserved call (once). */
  endCall: () => Promise<void>;
  peer: CallPeer;
  log: Logger;
}

/** Turns waiting while one is answered; a founder who keeps talking past this loses the oldest. */
const MAX_WAITING_TURNS = 2;
/** The chat's refusals that hold for every later turn too: the call ends with their text. */
const ENDS_CALL = new Set(['rate_limited', 'payment_required']);

/**
 * One local call after it is reserved: audio frames in; each turn the detector ends is transcribed, answered as the
 * chat answers and spoken back, one turn at a time, in order. The founder speaking while an answer is pending or
 * playing interrupts it (barge-in). The call ends on hang-up, a closed socket, a refusal that holds for every
 * turn, or its allowed time; then it is metered, once.
 */
export function startCallSession({ userId, maxSeconds, speech, live, answer, endCall, peer, log }: CallSessionDeps) {
  const detector = createTurnDetector();
  const framer = createFramer(detector.frameSamples);
  let ended: Promise<void> | null = null;
  let muted = false;
  /** Turns heard so far (numbered from 1); answers to turns up to `silencedUpTo` are no longer spoken. */
  let heard = 0;
  let silencedUpTo = 0;
  /** When the last answer sent finishes playing in the browser (wall clock, ms). */
  let playingUntil = 0;
  const waiting: { seq: number; words: Promise<string> }[] = [];
  let answering = false;
  /** The live recogniser listening to the turn now open, if any. */
  let listening: Promise<LiveRecognition> | null = null;

  const limit = setTimeout(() => void end(VOICE_TEXT.callLimitReached), maxSeconds * 1000);

  /** Feeds the open turn's recogniser; calls run in order, as the promise's callbacks do. */
  function toListener(act: (recognition: LiveRecognition) => unknown) {
    void listening?.then(act, () => undefined);
  }

  /** The words of a finished turn: from the live recogniser, else (it failed, or there is none) the whole turn. */
  function wordsOf(samples: Int16Array): Promise<string> {
    const whole = () => speech.recognizer.recognize({ sampleRate: LOCAL_VOICE.sampleRate, samples }, userId).then((r) => r.text);
    const recognition = listening;
    listening = null;
    if (!recognition) return whole();
    return recognition
      .then((r) => r.finish())
      .catch((err: unknown) => {
        log.warn({ err }, 'live recognition failed; recognising the whole turn');
        return whole();
      });
  }

  function onEvents(events: TurnEvent[]) {
    for (const event of events) {
      switch (event.type) {
        case 'open':
          listening = live?.listen(userId) ?? null;
          toListener((r) => r.write(event.samples));
          break;
        case 'audio':
          toListener((r) => r.write(event.samples));
          break;
        case 'drop':
          toListener((r) => r.cancel());
          listening = null;
          break;
        case 'speech':
          // Whatever was said before this is being talked over: stop it playing, and do not start it later.
          if (playingUntil > Date.now() || answering || waiting.length) peer.send({ type: 'barge_in' });
          playingUntil = 0;
          silencedUpTo = heard;
          break;
        case 'turn': {
          const words = wordsOf(event.samples);
          words.catch(() => undefined); // a turn dropped from the line is not awaited; its failure is no one's
          waiting.push({ seq: ++heard, words });
          if (waiting.length > MAX_WAITING_TURNS) waiting.shift();
          void pump();
        }
      }
    }
  }

  async function pump() {
    if (answering) return;
    answering = true;
    try {
      for (let next = waiting.shift(); next && !ended; next = waiting.shift()) {
        await takeTurn(next.seq, next.words).catch((err: unknown) => {
          log.error({ err }, 'local call turn failed');
          if (!ended) peer.send({ type: 'error', message: VOICE_TEXT.transcriptionFailed });
        });
      }
    } finally {
      answering = false;
    }
  }

  async function takeTurn(seq: number, words: Promise<string>) {
    const text = await words;
    if (ended) return;
    if (!text) {
      // Said, not stored: nothing was heard that the chat could keep.
      peer.send({ type: 'transcript', role: 'intern', text: LOCAL_CALL_TEXT.notHeard, producedBy: null });
      return speak(seq, LOCAL_CALL_TEXT.notHeard);
    }
    peer.send({ type: 'transcript', role: 'user', text });
    let reply;
    try {
      reply = await answer(userId, text);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (ENDS_CALL.has(err.code)) return void end(err.message);
      return void (ended || peer.send({ type: 'error', message: err.message }));
    }
    if (ended) return; // both messages are in the chat already
    peer.send({ type: 'transcript', role: 'intern', text: reply.text, producedBy: reply.producedBy, tasksCreated: reply.tasksCreated });
    await speak(seq, reply.text);
  }

  async function speak(seq: number, text: string) {
    let wav: Buffer;
    try {
      wav = await speech.synthesizer.speak(text);
    } catch (err) {
      log.error({ err }, 'local call answer could not be spoken'); // its words are in the transcript
      return;
    }
    if (ended || seq <= silencedUpTo) return;
    peer.sendAudio(wav);
    const pcm = parseWav(wav);
    playingUntil = Date.now() + (pcm ? secondsOf(pcm) * 1000 : 0);
  }

  /** Ends the call once (`error`: shown in the banner); later calls wait for the same ending. */
  function end(error: string | null = null): Promise<void> {
    ended ??= (async () => {
      clearTimeout(limit);
      waiting.length = 0;
      toListener((r) => r.cancel());
      listening = null;
      peer.send({ type: 'ended', error });
      try {
        await endCall();
      } finally {
        peer.close();
      }
    })();
    return ended;
  }

  return {
    /** 16-bit little-endian PCM at LOCAL_VOICE.sampleRate, in any chunk size. */
    audio(bytes: Buffer) {
      if (ended || muted) return;
      for (const frame of framer(bytes)) onEvents(detector.push(frame));
    },
    /** Muted, the browser sends nothing: what was said before the mute is answered now. */
    mute(on: boolean) {
      muted = on;
      if (on && !ended) onEvents(detector.flush());
    },
    end,
    get ended() {
      return ended !== null;
    },
  };
}

export type CallSession = ReturnType<typeof startCallSession>;

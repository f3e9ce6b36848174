import { LOCAL_VOICE } from '@cofounder/shared';

// Energy-based voice-activity detection for the local call: the microphone stream arrives as 20 ms frames and
// this decides where each of the founder's turns starts and ends. Pure: frames in, events out, no clock.

/** A frame is speech when its level is this many times the background's (about +9.5 dB). */
const SPEECH_RATIO = 3;
/** …and at least this loud (RMS of 16-bit samples, about -48 dBFS): a silent room is not speech either. */
const MIN_SPEECH_RMS = 130;
/** Audio kept from before the first speech frame, so the turn's first syllable is not clipped. */
const PRE_ROLL_MS = 300;
/** Silence kept after the last speech frame: the recogniser needs a little, the rest only costs time. */
const TRAIL_MS = 300;
/**
 * How fast the background estimate follows the level, per frame: down at once-ish (it tracks the quietest
 * moments, the gaps between words), up slowly in quiet frames (a fan switched on), very slowly while it hears
 * "speech" (so a step in background noise stops counting as speech within seconds, and real speech barely moves it).
 */
const FLOOR_DOWN = 0.2;
const FLOOR_UP_QUIET = 0.02;
const FLOOR_UP_SPEECH = 0.002;

export interface TurnDetectorOptions {
  sampleRate: number;
  frameMs: number;
  endOfTurnSilenceMs: number;
  minSpeechMs: number;
  maxTurnSeconds: number;
}

export const CALL_TURNS: TurnDetectorOptions = { sampleRate: LOCAL_VOICE.sampleRate, ...LOCAL_VOICE.call };

export type TurnEvent =
  /** Sound that may be a turn begins: the audio so far (the pre-roll and the first loud frame). */
  | { type: 'open'; samples: Int16Array }
  /** The next frame of the open turn, so a recogniser can listen while the founder speaks. */
  | { type: 'audio'; samples: Int16Array }
  /** The founder is speaking (minSpeechMs of speech in this turn): an answer playing now is interrupted. */
  | { type: 'speech' }
  /** The open turn was too little sound to be speech (a click, a cough): forget it. */
  | { type: 'drop' }
  /** A finished turn: its audio (with a little silence either side); `cut` when it hit maxTurnSeconds. */
  | { type: 'turn'; samples: Int16Array; speechMs: number; cut: boolean };

/** The root-mean-square level of a frame. */
export function rmsOf(frame: Int16Array): number {
  let sum = 0;
  for (const s of frame) sum += s * s;
  return frame.length ? Math.sqrt(sum / frame.length) : 0;
}

/**
 * Feeds frames of exactly `frameSamples` samples; answers what each frame completed. A turn ends after
 * endOfTurnSilenceMs without speech; bursts shorter than minSpeechMs in all (a click, a cough) are dropped.
 */
export function createTurnDetector(options: TurnDetectorOptions = CALL_TURNS) {
  const frameSamples = (options.sampleRate * options.frameMs) / 1000;
  const preRollFrames = Math.ceil(PRE_ROLL_MS / options.frameMs);
  const trailFrames = Math.ceil(TRAIL_MS / options.frameMs);
  const maxTurnFrames = Math.floor((options.maxTurnSeconds * 1000) / options.frameMs);
  let floor: number | null = null;
  /** Quiet frames before a turn starts (at most preRollFrames). */
  let preRoll: Int16Array[] = [];
  let turn: { frames: Int16Array[]; speechFrames: number; silentFrames: number; announced: boolean } | null = null;

  function adapt(level: number, speech: boolean) {
    if (floor === null) floor = level;
    else if (level < floor) floor += (level - floor) * FLOOR_DOWN;
    else floor += (level - floor) * (speech ? FLOOR_UP_SPEECH : FLOOR_UP_QUIET);
  }

  const joined = (frames: Int16Array[]) => {
    const samples = new Int16Array(frames.length * frameSamples);
    frames.forEach((f, i) => samples.set(f, i * frameSamples));
    return samples;
  };

  function finish(cut: boolean): TurnEvent[] {
    const done = turn;
    turn = null;
    preRoll = [];
    if (!done) return [];
    if (done.speechFrames * options.frameMs < options.minSpeechMs) return [{ type: 'drop' }];
    const keep = done.frames.length - Math.max(0, done.silentFrames - trailFrames);
    return [{ type: 'turn', samples: joined(done.frames.slice(0, keep)), speechMs: done.speechFrames * options.frameMs, cut }];
  }

  return {
    frameSamples,

    push(frame: Int16Array): TurnEvent[] {
      if (frame.length !== frameSamples) throw new Error(`frames hold ${frameSamples} samples, not ${frame.length}`);
      const level = rmsOf(frame);
      const speech = floor !== null && level > Math.max(floor * SPEECH_RATIO, MIN_SPEECH_RMS);
      adapt(level, speech);
      const events: TurnEvent[] = [];
      if (!turn) {
        if (!speech) {
          preRoll.push(frame);
          if (preRoll.length > preRollFrames) preRoll.shift();
          return events;
        }
        turn = { frames: [...preRoll, frame], speechFrames: 0, silentFrames: 0, announced: false };
        events.push({ type: 'open', samples: joined(turn.frames) });
      } else {
        turn.frames.push(frame);
        events.push({ type: 'audio', samples: frame });
      }
      if (speech) {
        turn.speechFrames++;
        turn.silentFrames = 0;
        if (!turn.announced && turn.speechFrames * options.frameMs >= options.minSpeechMs) {
          turn.announced = true;
          events.push({ type: 'speech' });
        }
      } else {
        turn.silentFrames++;
      }
      if (turn.silentFrames * options.frameMs >= options.endOfTurnSilenceMs) events.push(...finish(false));
      else if (turn.frames.length >= maxTurnFrames) events.push(...finish(true));
      return events;
    },

    /** Ends the turn in progress now (muted, hung up): answered if it held enough speech. */
    flush(): TurnEvent[] {
      return finish(false);
    },

    /** The background level the detector currently assumes (RMS), null before the first frame. */
    get noiseFloor(): number | null {
      return floor;
    },
  };
}

export type TurnDetector = ReturnType<typeof createTurnDetector>;

/**
 * Cuts a byte stream of 16-bit little-endian samples into frames of `frameSamples`, whatever sizes the messages
 * come in (an odd byte is kept for the next message).
 */
export function createFramer(frameSamples: number) {
  let pending: Buffer = Buffer.alloc(0);
  const frameBytes = frameSamples * 2;
  return (bytes: Buffer): Int16Array[] => {
    pending = pending.length ? Buffer.concat([pending, bytes]) : bytes;
    const frames: Int16Array[] = [];
    let at = 0;
    for (; at + frameBytes <= pending.length; at += frameBytes) {
      const frame = new Int16Array(frameSamples);
      for (let i = 0; i < frameSamples; i++) frame[i] = pending.readInt16LE(at + i * 2);
      frames.push(frame);
    }
    pending = Buffer.from(pending.subarray(at));
    return frames;
  };
}

/** pocketsphinx's own starting estimate of the microphone's average spectrum (its built-in default). */
const DEFAULT_CMN = '40,3,-1';
/** A live recogniser's running estimate, and a whole recording's own average (pocketsphinx_batch). */
const CMN_ESTIMATE = /Update to\s+<([^>]+)>|CMN:((?: +-?\d+\.\d+)+)/g;
/** Speakers whose microphone estimate is remembered (least recently used beyond this are dropped). */
const MAX_SPEAKERS = 1000;

/**
 * pocketsphinx normalises speech by its estimate of the microphone's average spectrum (CMN). Starting from the
 * model's generic estimate costs a short recording a quarter of its words, so each speaker's last estimate (read
 * from the recogniser's log) is where their next recording or call turn starts. Voice notes and calls share it.
 */
export function createSpeakerCalibration() {
  const bySpeaker = new Map<string, string>();
  return {
    /** The `-cmninit` for this speaker's next recognition. */
    startFor(speaker: string | undefined): string {
      return (speaker && bySpeaker.get(speaker)) || DEFAULT_CMN;
    },
    /** Keeps the last estimate pocketsphinx logged for this speaker. */
    remember(speaker: string | undefined, log: string): void {
      const match = [...log.matchAll(CMN_ESTIMATE)].at(-1);
      const last = match?.[1] ?? match?.[2];
      if (!speaker || !last) return;
      bySpeaker.delete(speaker);
      bySpeaker.set(speaker, last.trim().split(/\s+/).join(','));
      if (bySpeaker.size > MAX_SPEAKERS) bySpeaker.delete(bySpeaker.keys().next().value!);
    },
  };
}

export type SpeakerCalibration = ReturnType<typeof createSpeakerCalibration>;

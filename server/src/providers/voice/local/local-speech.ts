import { LOCAL_VOICE } from '@cofounder/shared';
import type { LocalSpeechTools } from './detect.ts';
import { createSynthesizer } from './flite.ts';
import { createLiveRecognizer } from './live-recognizer.ts';
import { createRecognizer, tunedModelDir } from './pocketsphinx.ts';
import { createSpeakerCalibration } from './speaker-calibration.ts';
import { createWorkPool } from './work-pool.ts';

/**
 * Speech on this machine: pocketsphinx listens, flite speaks. Voice notes and spoken answers each wait in their
 * own bounded pool (a burst of voice notes queues; a call's answer is not stuck behind them); a call turn is heard
 * live by a recogniser of its own (one call per founder bounds those), starting from what the founder's last
 * recording or turn told about their microphone.
 */
export function createLocalSpeech(tools: LocalSpeechTools) {
  const listening = createWorkPool(LOCAL_VOICE.maxConcurrent);
  const speaking = createWorkPool(LOCAL_VOICE.maxConcurrent);
  const calibration = createSpeakerCalibration();
  const recognizer = createRecognizer({ binary: tools.recognizer, hmm: tools.modelDir, pool: listening, calibration });
  return {
    recognizer,
    live: createLiveRecognizer({ binary: tools.liveRecognizer, hmm: tunedModelDir(tools.modelDir), calibration }),
    synthesizer: createSynthesizer({ binary: tools.synthesizer, pool: speaking }),
    pools: { listening, speaking },
    /** Stops the loaded recognisers (a call's turn recogniser ends with its call). */
    close: () => recognizer.close(),
  };
}

export type LocalSpeech = ReturnType<typeof createLocalSpeech>;

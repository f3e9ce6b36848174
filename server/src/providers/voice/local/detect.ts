import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { LOCAL_VOICE } from '@cofounder/shared';

/** Where pocketsphinx-en-us puts its acoustic model: Debian/Ubuntu, then Homebrew (Apple silicon, Intel). */
const MODEL_DIRS = [
  '/usr/share/pocketsphinx/model/en-us/en-us',
  '/opt/homebrew/share/pocketsphinx/model/en-us/en-us',
  '/usr/local/share/pocketsphinx/model/en-us/en-us',
];

export interface LocalSpeechTools {
  /** pocketsphinx_batch: whole recordings. */
  recognizer: string;
  /** pocketsphinx_continuous: audio as it streams in. */
  liveRecognizer: string;
  synthesizer: string;
  /** The en-us acoustic model directory. */
  modelDir: string;
}

export type LocalSpeechDetection = { found: true; tools: LocalSpeechTools } | { found: false; reason: string };

function onPath(name: string, path: string): string | null {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The command that installs the tools on this platform (apt on Linux, Homebrew on macOS). */
export const installCommand = (platform: NodeJS.Platform = process.platform) =>
  platform === 'darwin' ? LOCAL_VOICE.installCommand.darwin : LOCAL_VOICE.installCommand.linux;

/** pocketsphinx, its English model and flite, found on this machine; else what is missing and how to install it. */
export function detectLocalSpeech(path = process.env.PATH ?? '', platform = process.platform): LocalSpeechDetection {
  const recognizer = onPath(LOCAL_VOICE.binaries.recognizer, path);
  const liveRecognizer = onPath(LOCAL_VOICE.binaries.liveRecognizer, path);
  const synthesizer = onPath(LOCAL_VOICE.binaries.synthesizer, path);
  const modelDir = MODEL_DIRS.find((dir) => existsSync(join(dir, 'mdef'))) ?? null;
  if (recognizer && liveRecognizer && synthesizer && modelDir) {
    return { found: true, tools: { recognizer, liveRecognizer, synthesizer, modelDir } };
  }
  const missing = [!(recognizer && liveRecognizer) && 'pocketsphinx', !modelDir && 'its English model', !synthesizer && 'flite'].filter(Boolean).join(', ');
  return { found: false, reason: `Local voice needs ${missing}: ${installCommand(platform)}` };
}

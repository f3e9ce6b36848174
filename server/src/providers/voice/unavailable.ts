import { VOICE_TEXT } from '@cofounder/shared';
import { VoiceProviderError, type VoiceProvider } from './port.ts';

const refuse = (): Promise<never> => Promise.reject(new VoiceProviderError(VOICE_TEXT.unavailable, 503));

/**
 * No speech provider and no local speech: routes report voice as unavailable (with `reason`, shown in the UI)
 * and every call is refused with 503.
 */
export function createUnavailableVoiceProvider(reason: string | null = null): VoiceProvider {
  return {
    available: false,
    engine: null,
    transcriber: '',
    unavailableReason: reason,
    describe: `off (${reason ?? 'set VOICE_OPENAI_API_KEY or OPENAI_API_KEY for voice'})`,
    callsUrl: '',
    realtimeModel: '',
    transcribe: refuse,
    createClientSecret: refuse,
  };
}

import { VOICE_TEXT } from '@cofounder/shared';
import { VoiceProviderError, type VoiceProvider } from './port.ts';

const refuse = (): Promise<never> => Promise.reject(new VoiceProviderError(VOICE_TEXT.unavailable, 503));

/** No speech provider configured: routes report voice as unavailable and every call is refused with 503. */
export function createUnavailableVoiceProvider(): VoiceProvider {
  return {
    available: false,
    describe: 'off (set VOICE_OPENAI_API_KEY or OPENAI_API_KEY for voice)',
    callsUrl: '',
    realtimeModel: '',
    transcribe: refuse,
    createClientSecret: refuse,
  };
}

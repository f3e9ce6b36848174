import { describe, expect, it } from 'vitest';
import { LOCAL_VOICE } from '@cofounder/shared';
import { loadConfig } from '../../config.ts';
import { detectLocalSpeech, type LocalSpeechDetection } from './local/detect.ts';
import { createServerVoice } from './registry.ts';

const notInstalled: LocalSpeechDetection = { found: false, reason: `Local voice needs pocketsphinx: ${LOCAL_VOICE.installCommand.linux}` };
const installed = detectLocalSpeech();

describe('createServerVoice', () => {
  it('is unavailable with the install command as its reason when no key is set and nothing is installed', () => {
    const { provider, localSpeech } = createServerVoice(loadConfig({}), notInstalled);
    expect(provider).toMatchObject({ available: false, engine: null, unavailableReason: notInstalled.reason });
    expect(provider.describe).toBe(`off (${notInstalled.reason})`);
    expect(localSpeech).toBeNull();
  });

  it.skipIf(!installed.found)('uses pocketsphinx on this machine when no key is set', () => {
    const { provider, localSpeech } = createServerVoice(loadConfig({}), installed);
    expect(provider).toMatchObject({ available: true, engine: 'local', transcriber: 'pocketsphinx', unavailableReason: null });
    expect(provider.describe).toBe(`local (${LOCAL_VOICE.providerName})`);
    expect(localSpeech).not.toBeNull();
  });

  it.skipIf(!installed.found)('a key wins over local speech, which stays there for the local call', () => {
    const { provider, localSpeech } = createServerVoice(loadConfig({ VOICE_OPENAI_API_KEY: 'sk-voice' }), installed);
    expect(provider).toMatchObject({ available: true, engine: 'openai', transcriber: 'whisper-1' });
    expect(localSpeech).not.toBeNull();
  });

  it('falls back to the chat key and URL', () => {
    const config = loadConfig({ OPENAI_API_KEY: 'sk-chat', OPENAI_BASE_URL: 'http://proxy.example/v1/' });
    expect(config.voice).toMatchObject({ apiKey: 'sk-chat', baseUrl: 'http://proxy.example/v1' });
    const voice = createServerVoice(config, notInstalled).provider;
    expect(voice.available).toBe(true);
    expect(voice.callsUrl).toBe('http://proxy.example/v1/realtime/calls');
  });

  it('a voice key of its own does not inherit the chat server URL (Ollama has no speech models)', () => {
    const config = loadConfig({ OPENAI_API_KEY: 'ollama', OPENAI_BASE_URL: 'http://localhost:11434/v1', VOICE_OPENAI_API_KEY: 'sk-voice' });
    expect(config.voice).toMatchObject({ apiKey: 'sk-voice', baseUrl: null });
    expect(createServerVoice(config, notInstalled).provider.callsUrl).toBe('https://api.openai.com/v1/realtime/calls');
    const own = loadConfig({ VOICE_OPENAI_API_KEY: 'sk-voice', VOICE_OPENAI_BASE_URL: 'http://voice.example/v1' });
    expect(own.voice).toMatchObject({ apiKey: 'sk-voice', baseUrl: 'http://voice.example/v1' });
  });

  it('never echoes the voice key in a config error', () => {
    expect(() => loadConfig({ VOICE_OPENAI_BASE_URL: 'not a url', VOICE_OPENAI_API_KEY: 'sk-secret' })).toThrow(/VOICE_OPENAI_BASE_URL/);
    expect(() => loadConfig({ VOICE_OPENAI_BASE_URL: 'not a url' })).toThrow(/got "not a url"/);
  });
});

describe('detectLocalSpeech', () => {
  it('names what is missing and the one install command for the platform', () => {
    const linux = detectLocalSpeech('/nonexistent', 'linux');
    expect(linux.found).toBe(false);
    if (linux.found) return;
    expect(linux.reason).toContain('pocketsphinx');
    expect(linux.reason).toContain('flite');
    expect(linux.reason.endsWith(LOCAL_VOICE.installCommand.linux)).toBe(true);
    const mac = detectLocalSpeech('/nonexistent', 'darwin');
    expect(!mac.found && mac.reason.endsWith(LOCAL_VOICE.installCommand.darwin)).toBe(true);
  });
});

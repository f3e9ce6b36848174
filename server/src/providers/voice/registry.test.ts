import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createVoiceProvider } from './registry.ts';

describe('createVoiceProvider', () => {
  it('is unavailable when no key is configured', () => {
    const voice = createVoiceProvider(loadConfig({}));
    expect(voice.available).toBe(false);
  });

  it('falls back to the chat key and URL', () => {
    const config = loadConfig({ OPENAI_API_KEY: 'sk-chat', OPENAI_BASE_URL: 'http://proxy.example/v1/' });
    expect(config.voice).toMatchObject({ apiKey: 'sk-chat', baseUrl: 'http://proxy.example/v1' });
    const voice = createVoiceProvider(config);
    expect(voice.available).toBe(true);
    expect(voice.callsUrl).toBe('http://proxy.example/v1/realtime/calls');
  });

  it('a voice key of its own does not inherit the chat server URL (Ollama has no speech models)', () => {
    const config = loadConfig({ OPENAI_API_KEY: 'ollama', OPENAI_BASE_URL: 'http://localhost:11434/v1', VOICE_OPENAI_API_KEY: 'sk-voice' });
    expect(config.voice).toMatchObject({ apiKey: 'sk-voice', baseUrl: null });
    expect(createVoiceProvider(config).callsUrl).toBe('https://api.openai.com/v1/realtime/calls');
    const own = loadConfig({ VOICE_OPENAI_API_KEY: 'sk-voice', VOICE_OPENAI_BASE_URL: 'http://voice.example/v1' });
    expect(own.voice).toMatchObject({ apiKey: 'sk-voice', baseUrl: 'http://voice.example/v1' });
  });

  it('never echoes the voice key in a config error', () => {
    expect(() => loadConfig({ VOICE_OPENAI_BASE_URL: 'not a url', VOICE_OPENAI_API_KEY: 'sk-secret' })).toThrow(/VOICE_OPENAI_BASE_URL/);
    expect(() => loadConfig({ VOICE_OPENAI_BASE_URL: 'not a url' })).toThrow(/got "not a url"/);
  });
});

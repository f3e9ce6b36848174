import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAiSdk } from '../ai/openai/sdk.ts';
import { toVoiceError } from './errors.ts';

const KEY = 'sk-proj-abcdef123456';
const apiError = (status: number, message: string) =>
  OpenAI.APIError.generate(status, { error: { message, type: 'invalid_request_error', code: 'bad' } }, undefined, new Headers());

describe('toVoiceError', () => {
  beforeAll(() => openAiSdk()); // loaded at the first request in the server; errors are told apart by its classes
  it('passes a client error message on, with anything key-shaped removed', () => {
    const err = toVoiceError(apiError(400, `Bad request for ${KEY} and ek_live_0123456789`), KEY);
    expect(err).toMatchObject({ status: 400, code: 'bad' });
    expect(err.message).toBe('Bad request for [redacted] and [redacted]');
  });

  it('replaces credential and server failures with fixed texts', () => {
    expect(toVoiceError(apiError(401, `Incorrect API key provided: ${KEY}`), KEY).message).not.toContain('sk-');
    expect(toVoiceError(apiError(503, `upstream ${KEY}`), KEY).message).toBe('The voice service failed. Please try again.');
  });

  it('anything that is not an HTTP answer is 502', () => {
    expect(toVoiceError(new TypeError(`fetch failed ${KEY}`), KEY)).toMatchObject({ status: 502 });
    expect(toVoiceError(new TypeError(`fetch failed ${KEY}`), KEY).message).not.toContain(KEY);
  });
});

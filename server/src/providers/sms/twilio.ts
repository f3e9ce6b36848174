import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TwilioConfig } from '../../config.ts';
import { SmsError, type SentSms, type SmsProvider } from './port.ts';

const SEND_TIMEOUT_MS = 15_000;
const RECORDING_TIMEOUT_MS = 20_000;
/** 120 s of Twilio's 8 kHz 16-bit mono WAV is under 2 MB. */
export const RECORDING_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Twilio's request signature: HMAC-SHA1 (key: the auth token) over the full URL followed by every POST param's
 * name and value, sorted by name; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilioSignature(authToken: string, url: string, params: Record<string, string>, signature: string): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const TwilioErrorBody = (value: unknown): { message?: string; code?: number } =>
  value && typeof value === 'object' ? (value as { message?: string; code?: number }) : {};

/** Twilio through its REST API with fetch (no SDK). */
export function createTwilioSms(config: TwilioConfig, fetchImpl: typeof fetch = fetch): SmsProvider {
  const user = config.apiKeySid ?? config.accountSid;
  const pass = config.apiKeySecret ?? config.authToken;
  const authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
  const messagesUrl = `${config.apiBaseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  return {
    mode: 'real',
    number: config.phoneNumber,
    async send(to, body): Promise<SentSms> {
      let res: Response;
      try {
        res = await fetchImpl(messagesUrl, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: to, From: config.phoneNumber, Body: body }).toString(),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (err) {
        throw new SmsError(`Twilio unreachable: ${(err as Error).message}`, null, null);
      }
      const json: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const { message, code } = TwilioErrorBody(json);
        throw new SmsError(message ?? `Twilio answered ${res.status}`, res.status, code ?? null);
      }
      const { sid, status } = (json ?? {}) as { sid?: unknown; status?: unknown };
      return { sid: typeof sid === 'string' ? sid : '', status: typeof status === 'string' ? status : 'queued' };
    },
    verifyWebhook: (url, params, signature) => verifyTwilioSignature(config.authToken, url, params, signature),
    async fetchRecording(recordingUrl): Promise<Buffer> {
      // Only the account's own recordings on Twilio's API host: the URL came in a (signed) webhook, but the
      // basic auth must never be sent anywhere else.
      let url: URL;
      try {
        url = new URL(recordingUrl);
      } catch {
        throw new SmsError('Recording URL is not a URL', null, null);
      }
      const base = new URL(config.apiBaseUrl);
      const prefix = `/2010-04-01/Accounts/${config.accountSid}/Recordings/`;
      if (url.origin !== base.origin || !url.pathname.startsWith(prefix) || url.username || url.password) {
        throw new SmsError('Recording URL is not on the Twilio API of this account', null, null);
      }
      const signal = AbortSignal.timeout(RECORDING_TIMEOUT_MS);
      const get = (target: URL, headers: Record<string, string>) =>
        fetchImpl(target, { headers, redirect: 'manual', signal }).catch((err: unknown) => {
          throw new SmsError(`Recording fetch failed: ${(err as Error).message}`, null, null);
        });
      let res = await get(url, { authorization });
      // Twilio answers media with one redirect to signed storage: followed once, over https, without our credentials.
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      if (location) {
        const next = new URL(location, url);
        if (next.protocol !== 'https:' && next.origin !== base.origin) throw new SmsError('Recording redirect refused', null, null);
        res = await get(next, next.origin === base.origin ? { authorization } : {});
      }
      if (!res.ok || !res.body) throw new SmsError(`Recording fetch answered ${res.status}`, res.status, null);
      if (Number(res.headers.get('content-length') ?? 0) > RECORDING_MAX_BYTES) throw new SmsError('Recording too large', null, null);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > RECORDING_MAX_BYTES) throw new SmsError('Recording too large', null, null);
        chunks.push(Buffer.from(chunk));
      }
      return Buffer.concat(chunks);
    },
  };
}

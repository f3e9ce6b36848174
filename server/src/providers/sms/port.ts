/** A text the provider accepted (real: Twilio's message SID and state; local: a generated id, "sent"). */
export interface SentSms {
  sid: string;
  status: string;
}

export class SmsError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** The phone integration's outside service: sending texts and checking that inbound webhooks came from it. */
export interface SmsProvider {
  readonly mode: 'local' | 'real';
  /** The intern's number founders text and call (E.164). */
  readonly number: string;
  send(to: string, body: string): Promise<SentSms>;
  /** True when `signature` is the provider's signature of the exact URL and POST params. Local: always false. */
  verifyWebhook(url: string, params: Record<string, string>, signature: string): boolean;
  /** A call recording's audio (WAV) from the provider's own API only, size- and time-limited. Local: throws. */
  fetchRecording(recordingUrl: string): Promise<Buffer>;
}

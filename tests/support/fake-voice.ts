/** Where the end-to-end run's fake OpenAI speech endpoints (transcription, realtime) listen, and the app's env. */
export const FAKE_VOICE = {
  port: Number(process.env.E2E_FAKE_VOICE_PORT ?? 3112),
  /** What every transcription answers (the fake's default). */
  transcript: 'Hello from the fake transcription',
};

const base = () => `http://127.0.0.1:${FAKE_VOICE.port}`;

/** Voice only: chat stays on the offline co-founder (OPENAI_API_KEY stays unset). */
export function fakeVoiceEnv(): Record<string, string> {
  return { VOICE_OPENAI_API_KEY: 'sk-e2e-voice-key', VOICE_OPENAI_BASE_URL: `${base()}/v1` };
}

export interface RealtimeReport {
  calls: number;
  packetsReceived: number;
  receivedEventTypes: string[];
}

/** What the fake realtime peer saw (its inspection endpoint). */
export async function realtimeReport(): Promise<RealtimeReport> {
  const res = await fetch(`${base()}/__fake/realtime`);
  if (!res.ok) throw new Error(`fake realtime: HTTP ${res.status}`);
  return (await res.json()) as RealtimeReport;
}

/** Makes the next SDP offers fail with `status` (null: answer again). */
export async function failRealtimeCalls(status: number | null): Promise<void> {
  await fetch(`${base()}/__fake/realtime/fail`, { method: 'POST', body: JSON.stringify({ status }) });
}

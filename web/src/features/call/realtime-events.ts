import { z } from 'zod';

/**
 * The realtime data channel events the call screen acts on (OpenAI Realtime GA names): finished user and
 * assistant utterances, and finished function calls. Everything else on the channel is ignored.
 */
const RealtimeEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('conversation.item.input_audio_transcription.completed'),
    transcript: z.string(),
  }),
  z.object({ type: z.literal('response.output_audio_transcript.done'), transcript: z.string() }),
  z.object({
    type: z.literal('response.function_call_arguments.done'),
    name: z.string(),
    call_id: z.string(),
    arguments: z.string(),
  }),
]);

export type CallEvent =
  | { kind: 'transcript'; role: 'user' | 'intern'; text: string }
  | { kind: 'functionCall'; name: string; callId: string; arguments: string };

/** One data channel message as a CallEvent, or null for events the screen does not use (or empty utterances). */
export function parseCallEvent(data: unknown): CallEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(String(data));
  } catch {
    return null;
  }
  const parsed = RealtimeEvent.safeParse(json);
  if (!parsed.success) return null;
  const event = parsed.data;
  if (event.type === 'response.function_call_arguments.done') {
    return { kind: 'functionCall', name: event.name, callId: event.call_id, arguments: event.arguments };
  }
  const text = event.transcript.trim();
  if (!text) return null;
  const role = event.type === 'response.output_audio_transcript.done' ? 'intern' : 'user';
  return { kind: 'transcript', role, text };
}

/** What goes back over the channel after a tool ran: its output, then a request to continue speaking. */
export function functionCallOutput(callId: string, output: string): string[] {
  return [
    JSON.stringify({
      type: 'conversation.item.create',
      item: { type: 'function_call_output', call_id: callId, output },
    }),
    JSON.stringify({ type: 'response.create' }),
  ];
}

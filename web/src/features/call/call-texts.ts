import type { CallState } from './use-voice-call.ts';

/** Texts of the call screen that are not in VOICE_TEXT (those are the spec's catalogue). */
export const CALL_TEXT = {
  noProvider: 'Voice calls need a voice provider configured on this server',
  taskCreated: 'Task created',
  taskFailed: 'The task could not be created',
  status: {
    disconnected: 'Not connected',
    connecting: 'Connecting…',
    connected: 'Connected',
    error: 'Call failed',
  } satisfies Record<CallState, string>,
};

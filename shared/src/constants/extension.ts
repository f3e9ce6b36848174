/**
 * The browser extension's numbers and texts that its background worker and its pages share (and the e2e specs
 * assert). Plain values, no imports: the popup loads this module without any zod schema.
 */

/** The worker must not hang on a server that accepts connections but never answers. */
export const WORKER_REQUEST_TIMEOUT_MS = 8000;

/**
 * What a quick voice note shows on the toolbar button, and for how long: the keyboard-only founder sees the
 * outcome on the badge (one look per outcome) and reads the reason in the button's tooltip.
 */
export const QUICK_VOICE_FEEDBACK = {
  /** Badge text while a note is under way (the one-minute warning included). */
  badge: { recording: 'REC', transcribing: '…', warning: '1m' },
  /** How each note ended: badge text, badge colour, how long the cue stays, and the tooltip's sentence. */
  outcome: {
    inserted: { badge: '✓', color: '#16a34a', cueMs: 2500, title: 'Voice note inserted' },
    copied: {
      badge: 'COPY',
      color: '#2563eb',
      cueMs: 5000,
      title: 'Voice note copied to the clipboard (no field was focused)',
    },
    failed: { badge: '!', color: '#dc2626', cueMs: 10_000, title: 'Voice note failed' },
  },
  /** The popup's line about the last note. */
  message: {
    inserted: 'Inserted into the page.',
    insertedInPanel: 'Inserted into the side panel.',
    copied: 'No field was focused: the note was copied to the clipboard.',
    copyRefused: 'No field was focused and the clipboard was refused. Copy the note below.',
    startFailed: 'Quick voice could not start.',
    signedOut: 'Sign in to Cofounder first.',
    unreachable: (serverUrl: string) => `Could not reach the Cofounder server at ${serverUrl}.`,
    cancelled: 'Voice note cancelled.',
  },
  /** The toolbar button's tooltip when no note is showing its outcome. */
  idleTitle: 'Cofounder',
} as const;

export type QuickVoiceOutcome = keyof typeof QUICK_VOICE_FEEDBACK.outcome;

/** The tooltip after a note: its outcome, and for a failure the reason. */
export function quickVoiceTitle(outcome: QuickVoiceOutcome, reason: string): string {
  const title = `${QUICK_VOICE_FEEDBACK.idleTitle}: ${QUICK_VOICE_FEEDBACK.outcome[outcome].title}`;
  return outcome === 'failed' && reason ? `${title}: ${reason}` : title;
}

/** Seconds as m:ss / mm:ss for the recording and call timers (whole seconds, never negative). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** Where a transcript goes: after what the founder already typed, separated by one space. */
export function appendTranscript(draft: string, transcript: string): string {
  const text = transcript.trim();
  if (!text) return draft;
  return draft.trim() === '' ? text : `${draft.trimEnd()} ${text}`;
}

import { RESEND_COOLDOWN_SECONDS } from '@cofounder/shared';

/**
 * Whole seconds of the resend cooldown still to wait for an email sent at `sentAt` (ms), 0 when none is known or
 * the window has passed. Counted from when this browser saw the send confirmed, so it never ends before the
 * server's own window (which started a little earlier, when the server sent the email).
 */
export function resendSecondsLeft(sentAt: number | undefined, now: number): number {
  if (sentAt === undefined) return 0;
  const left = Math.ceil((sentAt + RESEND_COOLDOWN_SECONDS * 1000 - now) / 1000);
  return Math.min(RESEND_COOLDOWN_SECONDS, Math.max(0, left));
}

/** The wait a refusal names ("…only request this after 42 seconds."), if it names one. */
export function retryAfterSeconds(err: unknown): number | undefined {
  const message = typeof err === 'object' && err !== null ? (err as { message?: unknown }).message : err;
  const match = /after (\d+) seconds?/i.exec(typeof message === 'string' ? message : '');
  return match ? Math.min(RESEND_COOLDOWN_SECONDS, Number(match[1])) : undefined;
}

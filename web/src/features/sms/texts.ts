import { ApiError, SMS } from '@cofounder/shared';

/** The phone page's words (spec 2 §2 "Phone Integration", §8 SMS). */
export const SMS_TEXT = {
  title: 'Phone Integration',
  intro: 'Text or call your AI co-founder from your phone.',
  tryAgain: 'Try Again',
  consent:
    'By texting this number you agree to receive replies from your AI co-founder. Msg & data rates may apply. Message frequency varies.',
  stopHelp: 'Reply STOP to unsubscribe, HELP for help.',
  compliance:
    'A2P 10DLC: messages are sent from a registered 10DLC campaign, only as replies to conversations you start. We never send marketing texts, and you can opt out at any time by replying STOP.',
  localMode: 'Local mode: no real texts are sent. Set TWILIO_* on the server to use a real number.',
  localExample: '+15555550123',
  emptyThread: 'No texts yet. Send your co-founder a text to start the conversation.',
  threadFailed: 'Failed to load texts',
  simulateFailed: 'Failed to send the text',
} as const;

/** "You replied STOP…" for an opted-out founder. */
export const optedOutText = (number: string) =>
  `You replied STOP. Text START to ${number} to receive replies again.`;

/**
 * Spec 2 §8: a server error is read from its error field; anything else (offline, a body that is not an error)
 * falls back to `fallback`.
 */
export function serverErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'http_error' && error.message) return error.message;
  return fallback;
}

export const generateFailedText = (error: unknown) => serverErrorText(error, SMS.texts.generateFailed);

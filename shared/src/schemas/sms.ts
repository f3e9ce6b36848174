import { z } from 'zod';
import { SMS } from '../constants.ts';

// Phone integration (spec 2 §3 "SMS status", §7 "Phone integration"): /api/sms/… (Builder plan and up). The spec
// says these calls use cookies: the server accepts the web's session cookie as well as the bearer token.

/** E.164: a plus, a country code and up to 15 digits in all. */
export const E164 = z.string().trim().regex(/^\+[1-9]\d{7,14}$/, 'Phone numbers must be in E.164 form, e.g. +14155550123');

/** GET /api/sms/status/{userId} */
export const SmsStatusResponse = z.object({
  success: z.literal(true),
  hasCode: z.boolean(),
  isVerified: z.boolean(),
  /** The founder's verified number, null until verified. */
  phoneNumber: z.string().nullable(),
  /** The active code (shown to the founder so they can text it), null when none or verified. */
  code: z.string().regex(/^\d{6}$/).nullable(),
  /** When the active code expires (ISO), null when none. */
  codeExpiresAt: z.string().nullable(),
  /** The intern's number to text. */
  twilioNumber: z.string(),
  /** The founder replied STOP: nothing is sent until START. */
  optedOut: z.boolean(),
  /** local: no Twilio; the page offers "Simulate a text from your phone" and shows the outbox. */
  mode: z.enum(['local', 'real']),
});
export type SmsStatusResponse = z.infer<typeof SmsStatusResponse>;

/** POST /api/sms/generate-code/{userId} */
export const GenerateCodeResponse = z.object({
  success: z.literal(true),
  code: z.string().regex(new RegExp(`^\\d{${SMS.codeDigits}}$`)),
  expiresAt: z.string(),
});
export type GenerateCodeResponse = z.infer<typeof GenerateCodeResponse>;

/** One text of the founder's SMS thread (in from the founder, out from the co-founder). */
export const SmsMessage = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  /** The founder's number for in, the intern's for out. */
  from: z.string(),
  to: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** Twilio's delivery state for out (queued, sent, delivered, failed); received for in. */
  status: z.string(),
});
export type SmsMessage = z.infer<typeof SmsMessage>;

/** GET /api/sms/messages/{userId}: the recent thread, oldest first (local mode: also the outbox). */
export const SmsMessagesResponse = z.object({ success: z.literal(true), messages: z.array(SmsMessage) });
export type SmsMessagesResponse = z.infer<typeof SmsMessagesResponse>;

/**
 * POST /api/sms/simulate/{userId} (local mode only; 404 with Twilio): "Simulate a text from your phone" — goes
 * through the same inbound handler as Twilio's webhook.
 */
export const SimulateTextBody = z.object({
  from: E164,
  body: z.string().min(1).max(SMS.maxInboundChars * 2),
});
export type SimulateTextBody = z.infer<typeof SimulateTextBody>;
export const SimulateTextResponse = z.object({ success: z.literal(true), replies: z.array(z.string()) });
export type SimulateTextResponse = z.infer<typeof SimulateTextResponse>;

import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  BILLING,
  DEFAULT_INTERN_SETTINGS,
  OFFLINE_SMS_MARK,
  SMS,
  isOfflineDraft,
  planAllows,
  type GenerateCodeResponse,
  type MessageVia,
  type SmsMessage,
  type SmsStatusResponse,
} from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { smsCodes, smsMessages, smsNumbers, type SmsMessageRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { retryAfterSeconds, type RateLimitReport } from '../../http/rate-limit-state.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import type { AiModels } from '../../providers/ai/port.ts';
import type { SmsProvider } from '../../providers/sms/port.ts';
import type { VoiceModels } from '../../providers/voice/port.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import { createConversationService } from '../conversation/conversation.service.ts';
import { savedSettingsOf } from '../intern-settings/intern-settings.service.ts';
import { insertMessage } from '../messages/messages.service.ts';
import { createUsageService, planState, USAGE_LIMIT_MESSAGE } from '../usage/usage.service.ts';
import { codeIn, keywordOf, replySegments, truncateText } from './text.ts';

/** Said when the co-founder could not answer a text (the founder's message is kept in the chat). */
export const SMS_REPLY_FAILED = 'Your co-founder could not answer right now. Please try again in a moment.';
const UPGRADE_TEXT = 'Texting your co-founder needs the Builder plan. Upgrade on your Cofounder dashboard.';

interface Deps {
  db: Db;
  ai: AiModels;
  sms: SmsProvider;
  voice: VoiceModels;
  now: () => number;
  log: Logger;
  queue: TaskQueue | null;
  /** Code requests per user and inbound texts per number, counted across server processes. */
  rateLimits: RateLimits;
}

export interface InboundText {
  from: string;
  to: string;
  body: string;
  sid?: string | null;
  /**
   * The founder the local simulator sends for: a code in the text can verify only this founder's number (never
   * claim or probe someone else's code). Absent for Twilio, where the phone network vouches for the sender.
   */
  sentBy?: string;
}

const sameCode = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const toSmsMessage = (row: SmsMessageRow): SmsMessage => ({
  id: row.id,
  direction: row.direction,
  from: row.fromNumber,
  to: row.toNumber,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  status: row.status,
});

export function createSmsService({ db, ai, sms, voice, now, log, queue, rateLimits }: Deps) {
  const at = () => new Date(now());
  const usage = createUsageService(db, now);
  const conversation = createConversationService({ db, ai, usage, now, log, queue });

  async function numberOfUser(userId: string) {
    const [row] = await db.select().from(smsNumbers).where(eq(smsNumbers.userId, userId));
    return row ?? null;
  }

  async function activeCode(userId: string) {
    const [row] = await db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.userId, userId), gt(smsCodes.expiresAt, at())));
    return row ?? null;
  }

  /** Sends one text and stores it (local mode: the outbox); a failed send is stored as failed and logged. */
  async function sendText(userId: string | null, to: string, body: string): Promise<void> {
    let sid: string | null = null;
    let status = 'failed';
    try {
      const sent = await sms.send(to, body);
      sid = sent.sid || null;
      status = sent.status;
    } catch (err) {
      log.warn({ err }, 'sms send failed');
    }
    await db.insert(smsMessages).values({
      userId,
      direction: 'out',
      fromNumber: sms.number,
      toNumber: to,
      body,
      status,
      providerSid: sid,
      createdAt: at(),
    });
  }

  async function verifiedNumber(phone: string) {
    const [row] = await db
      .select()
      .from(smsNumbers)
      .where(and(eq(smsNumbers.phoneNumber, phone), isNotNull(smsNumbers.userId), isNotNull(smsNumbers.verifiedAt)));
    return row ?? null;
  }

  async function setOptOut(phone: string, optedOut: boolean): Promise<void> {
    await db
      .insert(smsNumbers)
      .values({ phoneNumber: phone, optedOut, updatedAt: at() })
      .onConflictDoUpdate({ target: smsNumbers.phoneNumber, set: { optedOut, updatedAt: at() } });
  }

  /**
   * The co-founder's answer to a verified founder's text, as the chat send would produce it (metered the same).
   * Both messages land in the chat marked with how they came in: 'sms' for a text, 'phone' for a voicemail.
   */
  async function chatReply(userId: string, text: string, inboundId: string | null, via: MessageVia): Promise<string> {
    const { plan } = await planState(db, userId, at());
    if (!planAllows(plan, 'phone')) return UPGRADE_TEXT;
    try {
      const turn = await conversation.send(userId, text, undefined, { via });
      const result = await turn.run();
      if (inboundId) await db.update(smsMessages).set({ chatMessageId: result.userMessage.id }).where(eq(smsMessages.id, inboundId));
      // A reply the offline co-founder wrote says so, as the app's "Offline draft" label does.
      const offline = isOfflineDraft(result.internMessage.producedBy);
      return offline ? `${OFFLINE_SMS_MARK} ${result.aiResponse.message}` : result.aiResponse.message;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'payment_required') return BILLING.trialEndedText;
      if (err.code === 'rate_limited') return USAGE_LIMIT_MESSAGE;
      return SMS_REPLY_FAILED;
    }
  }

  /** Active codes equal to `code`, only the simulating founder's own when the text came through the simulator. */
  async function activeCodes(code: string, sentBy: string | undefined) {
    return db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.code, code), gt(smsCodes.expiresAt, at()), sentBy ? eq(smsCodes.userId, sentBy) : undefined));
  }

  /** A code from a text: links the number to the code's user when it is someone's active code. */
  async function claim(phone: string, code: string, linkedUser: string | null, sentBy: string | undefined): Promise<string> {
    const candidates = await activeCodes(code, sentBy);
    const match = candidates.find((c) => sameCode(c.code, code));
    if (!match) return SMS.texts.wrongCode;
    if (linkedUser && linkedUser !== match.userId) return SMS.texts.numberTaken;
    const linked = await db.transaction(async (tx) => {
      // The code is spent by whoever deletes it: two texts racing with one code link once.
      const spent = await tx.delete(smsCodes).where(and(eq(smsCodes.userId, match.userId), eq(smsCodes.code, code))).returning();
      if (!spent.length) return false;
      // A founder who verifies a new number gives up the old one.
      await tx
        .update(smsNumbers)
        .set({ userId: null, verifiedAt: null, updatedAt: at() })
        .where(and(eq(smsNumbers.userId, match.userId), sql`${smsNumbers.phoneNumber} <> ${phone}`));
      const done = await tx
        .insert(smsNumbers)
        .values({ phoneNumber: phone, userId: match.userId, verifiedAt: at(), updatedAt: at() })
        .onConflictDoUpdate({
          target: smsNumbers.phoneNumber,
          set: { userId: match.userId, verifiedAt: at(), updatedAt: at() },
          // Never take a number another user verified meanwhile.
          setWhere: sql`${smsNumbers.userId} is null or ${smsNumbers.userId} = ${match.userId}`,
        })
        .returning();
      return done.length > 0;
    });
    return linked ? SMS.texts.verified : SMS.texts.numberTaken;
  }

  const service = {
    mode: sms.mode,
    number: sms.number,

    async status(userId: string): Promise<SmsStatusResponse> {
      const [number, code] = await Promise.all([numberOfUser(userId), activeCode(userId)]);
      const isVerified = Boolean(number?.verifiedAt);
      return {
        success: true,
        hasCode: Boolean(code),
        isVerified,
        phoneNumber: isVerified ? number!.phoneNumber : null,
        code: code && !isVerified ? code.code : null,
        codeExpiresAt: code ? code.expiresAt.toISOString() : null,
        twilioNumber: sms.number,
        optedOut: number?.optedOut ?? false,
        mode: sms.mode,
      };
    },

    /** A new code for `userId` (counted against SMS.codeRateLimit, reported to `report`). */
    async generateCode(userId: string, report: RateLimitReport): Promise<GenerateCodeResponse> {
      const codes = await rateLimits.hit(`sms-code:${userId}`, SMS.codeRateLimit);
      report(codes);
      if (!codes.ok) throw AppError.rateLimited('Too many codes requested. Please wait a few minutes and try again.', retryAfterSeconds(codes));
      const expiresAt = new Date(now() + SMS.codeTtlMs);
      let code = '';
      // Active codes are unique across users, so a texted code names exactly one founder.
      for (let i = 0; i < 10; i++) {
        code = String(randomInt(0, 10 ** SMS.codeDigits)).padStart(SMS.codeDigits, '0');
        const taken = await db
          .select({ userId: smsCodes.userId })
          .from(smsCodes)
          .where(and(eq(smsCodes.code, code), gt(smsCodes.expiresAt, at())));
        if (!taken.some((r) => r.userId !== userId)) break;
      }
      await db
        .insert(smsCodes)
        .values({ userId, code, expiresAt, createdAt: at() })
        .onConflictDoUpdate({ target: smsCodes.userId, set: { code, expiresAt, createdAt: at() } });
      return { success: true, code, expiresAt: expiresAt.toISOString() };
    },

    async messages(userId: string): Promise<SmsMessage[]> {
      const rows = await db
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.userId, userId))
        .orderBy(desc(smsMessages.seq))
        .limit(SMS.threadSize);
      return rows.reverse().map(toSmsMessage);
    },

    /** The number's row when it is verified for a founder, or null. */
    verifiedNumber,

    /**
     * The local simulator (issue 20 §2): a founder texts only as their own verified number, or as a number no one
     * has verified (to verify it with their own code). Another founder's number is refused whatever the text says.
     */
    async simulate(userId: string, from: string, body: string, report: RateLimitReport): Promise<string[]> {
      const linked = await verifiedNumber(from);
      if (linked && linked.userId !== userId) throw new AppError('forbidden', SMS.texts.numberTaken);
      return service.inbound({ from, to: sms.number, body, sid: null, sentBy: userId }, report);
    },

    async internName(userId: string): Promise<string> {
      return (await savedSettingsOf(db, userId))?.internName ?? DEFAULT_INTERN_SETTINGS.internName;
    },

    sendText,

    /**
     * A voicemail of a verified founder: transcribed when a speech provider is configured, the transcript goes to
     * the co-founder as a chat message (metered like one) and the answer back by SMS. Without speech (or when the
     * recording cannot be fetched or transcribed) the chat gets a note that a voicemail arrived, with its length.
     */
    async voicemail(userId: string, phone: string, recordingUrl: string, seconds: number): Promise<void> {
      let transcript = '';
      const speech = await voice.forUser(userId, 'transcription');
      if (speech.available) {
        try {
          const audio = await sms.fetchRecording(recordingUrl);
          const heard = await speech.transcribe({ file: audio, filename: 'voicemail.wav', mimeType: 'audio/wav', speaker: userId });
          transcript = heard.text.trim();
        } catch (err) {
          log.warn({ err }, 'voicemail transcription failed');
        }
      }
      if (!transcript) {
        await insertMessage(db, {
          userId,
          channel: 'chat',
          role: 'user',
          text: `Voicemail received by phone (${seconds} s).`,
          via: 'phone',
          createdAt: at(),
        });
        return;
      }
      const text = truncateText(transcript, SMS.maxInboundChars);
      const answer = await chatReply(userId, text, null, 'phone');
      const [number] = await db.select().from(smsNumbers).where(eq(smsNumbers.phoneNumber, phone));
      if (number?.optedOut) return;
      for (const segment of replySegments(answer)) await sendText(userId, phone, segment);
    },

    /**
     * The one inbound handler (Twilio's webhook and the local simulate form): answers the texts it sent back.
     * 429 when the number is over its limit (nothing stored or sent; the count is reported to `report`). A MessageSid
     * seen before (Twilio retrying a webhook, even concurrently) is answered with nothing: the unique index lets exactly
     * one delivery store it.
     */
    async inbound(text: InboundText, report: RateLimitReport): Promise<string[]> {
      const texts = await rateLimits.hit(`sms-in:${text.from}`, SMS.inboundRateLimit);
      report(texts);
      if (!texts.ok) throw AppError.rateLimited('Too many texts from this number', retryAfterSeconds(texts));
      const body = truncateText(text.body, SMS.maxInboundChars);
      const [number] = await db.select().from(smsNumbers).where(eq(smsNumbers.phoneNumber, text.from));
      const linkedUser = number?.verifiedAt ? number.userId : null;
      const [stored] = await db
        .insert(smsMessages)
        .values({
          userId: linkedUser,
          direction: 'in',
          fromNumber: text.from,
          toNumber: text.to,
          body,
          status: 'received',
          providerSid: text.sid ?? null,
          createdAt: at(),
        })
        .onConflictDoNothing()
        .returning();
      if (!stored) return [];
      const replies: string[] = [];
      // Every answer goes out as plain, numbered segments (the chat's answers are Markdown).
      const reply = async (userId: string | null, message: string) => {
        for (const segment of replySegments(message)) {
          await sendText(userId, text.from, segment);
          replies.push(segment);
        }
      };

      const keyword = keywordOf(body);
      // Twilio's Advanced Opt-Out answers STOP / START / HELP itself on most numbers; ours are sent as well.
      if (keyword === 'stop') {
        await setOptOut(text.from, true);
        // The confirmation goes once: a repeated STOP from an opted-out number gets nothing.
        if (!number?.optedOut) await reply(linkedUser, SMS.texts.optedOut);
        return replies;
      }
      if (keyword === 'start') {
        await setOptOut(text.from, false);
        await reply(linkedUser, SMS.texts.optedIn);
        return replies;
      }
      if (keyword === 'help') {
        await reply(linkedUser, SMS.texts.help);
        return replies;
      }
      if (number?.optedOut) return replies;

      const code = codeIn(body);
      if (!linkedUser) {
        const answer = code ? await claim(text.from, code, null, text.sentBy) : SMS.texts.unknownNumber;
        const nowLinked = answer === SMS.texts.verified ? (await verifiedNumber(text.from))?.userId ?? null : null;
        if (nowLinked) await db.update(smsMessages).set({ userId: nowLinked }).where(eq(smsMessages.id, stored.id));
        await reply(nowLinked, answer);
        return replies;
      }
      if (code) {
        // A verified number texting someone's active code: another founder trying to claim it, or a re-verify.
        const [someone] = await activeCodes(code, text.sentBy);
        if (someone) {
          await reply(linkedUser, await claim(text.from, code, linkedUser, text.sentBy));
          return replies;
        }
      }
      await reply(linkedUser, await chatReply(linkedUser, body, stored.id, 'sms'));
      return replies;
    },
  };
  return service;
}

export type SmsService = ReturnType<typeof createSmsService>;

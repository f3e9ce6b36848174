import { createHmac, hkdfSync } from 'node:crypto';
import type { Logger } from 'pino';
import { CONTACT, type ContactBody } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import type { ContactMessageRow } from '../../db/schema.ts';
import type { EmailProvider, OutgoingMail } from '../../providers/email/port.ts';
import type { RateLimitState } from '../../http/rate-limit-state.ts';
import { MemoryRateLimits } from '../auth/rate-limit.ts';
import { insertContactMessage, markContactMailed } from './contact.repo.ts';

/** The 429 text; CONTACT.rateLimit.windowMs is one minute. */
export const CONTACT_RATE_LIMITED_TEXT = 'Too many messages. Please try again in a minute.';

/** Distinct IPs held by the limiter at most (see MemoryRateLimits: the oldest windows go first past it). */
const LIMITER_MAX_KEYS = 20_000;

export interface ContactServiceDeps {
  db: Db;
  email: EmailProvider;
  /** CONTACT_TO. */
  to: string;
  /** The app's secret key; a sub-key derived from it hashes IP addresses. */
  secret: Buffer;
}

export interface ContactService {
  /** Counts one post from `ip` against CONTACT.rateLimit (per process, in memory): ok false over it. */
  admit(ip: string): Promise<RateLimitState>;
  /** A keyed hash of an IP address (for logs and the stored row; the address itself is not kept). */
  ipHash(ip: string): string;
  /** Stores the message, then mails it to CONTACT_TO. Resolves once stored, whether or not the mail went out. */
  submit(input: ContactBody, ip: string, log: Logger): Promise<void>;
}

/** Control characters (newlines included) as one space: a name must not start new lines in a subject or list. */
const oneLine = (text: string): string => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

/** The mail to the team: plain text only (no html part), so nothing the visitor typed is ever rendered. */
export function contactMail(row: ContactMessageRow, to: string): OutgoingMail {
  const name = oneLine(row.name);
  const text = [
    'A message from the contact form.',
    '',
    `Name: ${name}`,
    `Email: ${row.email}`,
    `Company: ${row.company ? oneLine(row.company) : '(not given)'}`,
    `Subject: ${row.subject}`,
    `Received: ${row.createdAt.toISOString()}`,
    '',
    'Message:',
    row.message,
  ].join('\n');
  return { to, replyTo: row.email, subject: `Contact form: ${row.subject} — ${name}`, text };
}

export function createContactService(deps: ContactServiceDeps): ContactService {
  const limiter = new MemoryRateLimits(LIMITER_MAX_KEYS);
  const budget = { max: CONTACT.rateLimit.max, windowSeconds: CONTACT.rateLimit.windowMs / 1000 };
  const ipKey = Buffer.from(
    hkdfSync('sha256', deps.secret, Buffer.alloc(0), 'cofounder contact ip hash', 32),
  );
  const ipHash = (ip: string) => createHmac('sha256', ipKey).update(ip).digest('base64url').slice(0, 22);

  return {
    admit: (ip) => limiter.consume(`contact:${ip}`, budget),

    ipHash,

    async submit(input, ip, log) {
      const row = await insertContactMessage(deps.db, {
        name: input.name,
        email: input.email,
        company: input.company || null,
        subject: input.subject,
        message: input.message,
        ipHash: ipHash(ip),
      });
      // The message is kept whatever happens next, so a failed mail is not the visitor's failure: answering
      // an error would make them send it again (a duplicate) for something the team can still read. The row's
      // mailed_at stays null, and the error is logged, so the team can find what never reached them.
      try {
        await deps.email.send(contactMail(row, deps.to));
      } catch (err) {
        log.error({ err, contactMessageId: row.id }, 'contact message stored but not mailed');
        return;
      }
      await markContactMailed(deps.db, row.id).catch((err: unknown) => {
        log.error({ err, contactMessageId: row.id }, 'contact message mailed but mailed_at not recorded');
      });
    },
  };
}

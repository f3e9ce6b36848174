import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes, base64url: refresh tokens and email link tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A 6-digit code, zero-padded. */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are only unique per user, so the user id is part of what is hashed. */
export const otpHash = (userId: string, code: string): string => sha256(`${userId}:${code}`);

import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authOneTimeTokens, type OneTimeTokenRow } from '../../db/schema.ts';

export type OtpType = OneTimeTokenRow['type'];

/** Stores a new link+code pair; earlier unused ones of the same kind stop working (only the newest mail counts). */
export async function replaceOneTimeToken(
  db: Db,
  values: { userId: string; type: OtpType; tokenHash: string; otpHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .delete(authOneTimeTokens)
    .where(
      and(eq(authOneTimeTokens.userId, values.userId), eq(authOneTimeTokens.type, values.type), isNull(authOneTimeTokens.usedAt)),
    );
  await db.insert(authOneTimeTokens).values(values);
}

/** Unused links and codes of these kinds stop working (a password change ends outstanding sign-in links). */
export async function dropUnusedTokens(db: Db, userId: string, types: OtpType[]): Promise<void> {
  await db
    .delete(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.userId, userId), inArray(authOneTimeTokens.type, types), isNull(authOneTimeTokens.usedAt)));
}

const usable = (types: OtpType[], at: Date) =>
  and(inArray(authOneTimeTokens.type, types), isNull(authOneTimeTokens.usedAt), gt(authOneTimeTokens.expiresAt, at));

export async function findByTokenHash(db: Db, tokenHash: string, types: OtpType[], at: Date): Promise<OneTimeTokenRow | null> {
  const [row] = await db
    .select()
    .from(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.tokenHash, tokenHash), usable(types, at)));
  return row ?? null;
}

export async function findByOtp(
  db: Db,
  userId: string,
  otpHash: string,
  types: OtpType[],
  at: Date,
): Promise<OneTimeTokenRow | null> {
  const [row] = await db
    .select()
    .from(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.userId, userId), eq(authOneTimeTokens.otpHash, otpHash), usable(types, at)));
  return row ?? null;
}

/** Marks a token used; false if another request used it first. */
export async function markUsed(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(authOneTimeTokens)
    .set({ usedAt: at })
    .where(and(eq(authOneTimeTokens.id, id), isNull(authOneTimeTokens.usedAt)))
    .returning({ id: authOneTimeTokens.id });
  return rows.length > 0;
}

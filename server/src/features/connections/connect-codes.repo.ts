import { SOCIAL_CONNECT } from '@cofounder/shared';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { socialConnectCodes } from '../../db/schema.ts';
import type { SocialPlatform } from '../../providers/social/port.ts';
import { randomToken, sha256 } from '../../security/crypto.ts';

/** A new single-use code that opens the founder's connect window for one platform; only its hash is stored. */
export async function issueConnectCode(db: Db, userId: string, platform: SocialPlatform, at: Date): Promise<{ code: string; expiresAt: Date }> {
  const code = randomToken(SOCIAL_CONNECT.codeBytes);
  const expiresAt = new Date(at.getTime() + SOCIAL_CONNECT.codeTtlSeconds * 1000);
  await db.delete(socialConnectCodes).where(lt(socialConnectCodes.expiresAt, at));
  await db.insert(socialConnectCodes).values({ codeHash: sha256(code), userId, platform, expiresAt });
  return { code, expiresAt };
}

/**
 * The user a code was issued to, or null when it is unknown, used, expired or for another platform. The row is
 * deleted whatever the outcome (one statement, so two windows racing with one code cannot both win).
 */
export async function redeemConnectCode(db: Db, code: string, platform: SocialPlatform, at: Date): Promise<string | null> {
  const [row] = await db.delete(socialConnectCodes).where(eq(socialConnectCodes.codeHash, sha256(code))).returning();
  if (!row || row.platform !== platform || row.expiresAt <= at) return null;
  return row.userId;
}

import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthStates } from '../../db/schema.ts';
import type { SocialPlatform } from '../../providers/social/port.ts';

type OAuthStateRow = typeof oauthStates.$inferSelect;

/** Stores a started OAuth flow (its state hashed, its PKCE verifier sealed) and drops flows older than `maxAgeMs`. */
export async function saveOAuthState(
  db: Db,
  row: typeof oauthStates.$inferInsert & { createdAt: Date },
  maxAgeMs: number,
): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.createdAt, new Date(row.createdAt.getTime() - maxAgeMs)));
  await db.insert(oauthStates).values(row);
}

/** Claims a flow atomically: only one callback may use a state, within `maxAgeMs`, for its own platform. */
export async function claimOAuthState(
  db: Db,
  stateHash: string,
  platform: SocialPlatform,
  at: Date,
  maxAgeMs: number,
): Promise<OAuthStateRow | null> {
  const [claimed] = await db
    .update(oauthStates)
    .set({ usedAt: at })
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        eq(oauthStates.platform, platform),
        isNull(oauthStates.usedAt),
        gt(oauthStates.createdAt, new Date(at.getTime() - maxAgeMs)),
      ),
    )
    .returning();
  return claimed ?? null;
}

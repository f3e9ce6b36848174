import { PUBLISHING } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import type { SocialPlatform } from '../../providers/social/port.ts';
import { publishedSince } from './publish.repo.ts';

export type RateLimits = Record<SocialPlatform, { posts: number; windowSeconds: number }>;

/**
 * Our own per-founder, per-platform cap (kept under the platforms' limits so an account never looks spammy):
 * null when the founder may post now, else when the oldest post of the window leaves it.
 */
export async function capFreesAt(
  db: Db,
  userId: string,
  platform: SocialPlatform,
  at: Date,
  limits: RateLimits = PUBLISHING.rateLimits,
): Promise<Date | null> {
  const { posts, windowSeconds } = limits[platform];
  const windowMs = windowSeconds * 1000;
  const recent = await publishedSince(db, userId, platform, new Date(at.getTime() - windowMs));
  if (recent.count < posts || !recent.oldest) return null;
  return new Date(recent.oldest.getTime() + windowMs);
}

import { DEFAULT_POSTING_SETTINGS, type PostingSettings } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { postingSettings } from '../../db/schema.ts';

/** The founder's posting preference; the default (approve first) until they save one. */
export async function postingSettingsOf(db: Db, userId: string): Promise<PostingSettings> {
  const [row] = await db
    .select({ approveBeforePosting: postingSettings.approveBeforePosting })
    .from(postingSettings)
    .where(eq(postingSettings.userId, userId));
  return row ?? DEFAULT_POSTING_SETTINGS;
}

export async function savePostingSettings(db: Db, userId: string, settings: PostingSettings, at: Date): Promise<void> {
  const values = { approveBeforePosting: settings.approveBeforePosting, updatedAt: at };
  await db
    .insert(postingSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: postingSettings.userId, set: values });
}

import { eq } from 'drizzle-orm';
import type { InternSettings } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { internSettings } from '../../db/schema.ts';

/** The user's saved intern settings, or null when none were saved yet. */
export async function savedSettingsOf(db: Db, userId: string): Promise<InternSettings | null> {
  const [row] = await db.select().from(internSettings).where(eq(internSettings.userId, userId));
  if (!row) return null;
  const { internName, communicationStyle, formalityLevel, responseLength, priorityFocus } = row;
  return { internName, communicationStyle, formalityLevel, responseLength, priorityFocus };
}

export async function saveSettings(db: Db, userId: string, settings: InternSettings, at: Date): Promise<void> {
  const values = { ...settings, updatedAt: at };
  await db
    .insert(internSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: internSettings.userId, set: values });
}

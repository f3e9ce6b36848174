import { DEFAULT_INTERN_SETTINGS, type InternSettingsResponse } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { savedSettingsOf } from './intern-settings.repo.ts';

/** The founder's saved settings, or the defaults (spec 2 §3) while they never saved any. */
export async function settingsReplyOf(db: Db, userId: string): Promise<InternSettingsResponse> {
  return { success: true, settings: (await savedSettingsOf(db, userId)) ?? DEFAULT_INTERN_SETTINGS };
}

// What other areas may read of the co-founder's settings (they never import the repo: docs/architecture.md "Layers").
export { savedSettingsOf } from './intern-settings.repo.ts';

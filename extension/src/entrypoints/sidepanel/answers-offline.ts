import type { ProviderMode } from '@cofounder/shared';
import type { ModelSettingsState } from '../../lib/hooks/use-model-settings.ts';

/**
 * Whether the offline co-founder answers this founder, so the panel shows the offline co-founder badge: their model
 * settings say (a model of their own answers them even on a server without one); while those are asked or
 * could not be read, the server's AI mode (`/api/config`) does.
 */
export function answersOffline(serverAiMode: ProviderMode, model: ModelSettingsState): boolean {
  return model.status === 'ready' ? model.settings.answering.mode === 'local' : serverAiMode === 'local';
}

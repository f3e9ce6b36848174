import type { ModelAnswering, ModelConnectionKind } from '../schemas/model-settings.ts';

// Who answers a founder, in the words every screen uses (dashboard Settings → Model, the extension's options page).

export const OFFLINE_MODEL_TEXT = 'Offline co-founder (no language model)';

/** A founder's own connection, by kind. */
export const CONNECTION_KIND_TEXT: Record<ModelConnectionKind, string> = {
  openai: 'OpenAI',
  compatible: 'OpenAI-compatible server',
  local: 'A model server on this machine',
};

/** The founder's own model, else the server's, else the offline co-founder. */
export function answeringText({ source, mode, model }: ModelAnswering): string {
  if (source === 'founder') return `${model ?? 'Your model'} — your connection`;
  if (mode === 'real') return `${model ?? "The server's configured model"} — the server's default`;
  return OFFLINE_MODEL_TEXT;
}

import type { LocalModelServer } from '@cofounder/shared';

/**
 * The server's environment that makes a found server its default model today. A local server takes any key, but
 * the server only leaves the offline co-founder when OPENAI_API_KEY is set, so the lines set one.
 */
export function envLinesFor(server: LocalModelServer): string {
  const lines = ['OPENAI_API_KEY=local', `OPENAI_BASE_URL=${server.baseUrl}`];
  const model = server.models[0];
  if (model) lines.push(`OPENAI_MODEL=${model}`);
  return lines.join('\n');
}

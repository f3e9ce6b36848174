import { CHAT } from '@cofounder/shared';
import type { AiContext } from '../../providers/ai/port.ts';

/**
 * The intern's first chat message after onboarding. It is composed here rather than asked of the model:
 * opening the chat must not wait on (or fail with) the AI, and it only restates facts we hold.
 */
export function welcomeText({ profile, settings, tasks }: AiContext): string {
  const name = profile?.name.split(/\s+/)[0];
  const intern = settings.internName || CHAT.defaultInternName;
  const hello = `Welcome aboard${name ? `, ${name}` : ''}! I'm ${intern}, your AI co-founder.`;
  const top = tasks[0];
  if (!top) return `${hello} Say "create tasks" and I'll plan your first week, or ask me anything about your startup.`;
  const n = tasks.length;
  return (
    `${hello} Your plan has ${n} task${n === 1 ? '' : 's'}; the top priority is "${top.description}". ` +
    'Ask me anything about it, or say "create tasks" when you want more.'
  );
}

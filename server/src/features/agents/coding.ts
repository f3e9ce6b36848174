import { askAbout, internalActivity, type Agent } from './agent.ts';
import { CodingSpec } from '@cofounder/shared';

/** coding_agent: a spec and a step-by-step code plan. */
export const codingAgent: Agent = async (input) => {
  const { value: c, usage } = await askAbout(
    input,
    'coding_spec',
    CodingSpec,
    'Write a short spec and an ordered code plan for this task.',
  );
  const steps = c.steps.map((s, i) => `${i + 1}. **${s.title}** — ${s.detail}`).join('\n');
  return {
    summary: c.summary,
    content: `## Spec\n${c.spec}\n\n## Code plan\n${steps}`,
    data: { kind: 'build_spec', ...c },
    usage,
    activities: [
      internalActivity(
        'Spec and code plan written',
        c.summary,
        'A written plan keeps the build small and testable.',
        `${c.steps.length} steps`,
      ),
    ],
  };
};

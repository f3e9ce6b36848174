import { SalesPipeline } from '@cofounder/shared';
import { askAbout, internalActivity, type Agent } from './agent.ts';

/** sales_pipeline: stages with exit criteria and the weekly targets that feed them. */
export const pipelineAgent: Agent = async (input) => {
  const { value: s, usage } = await askAbout(
    input,
    'sales_pipeline',
    SalesPipeline,
    'Design the sales pipeline: 3-10 stages in order, each with the exit criteria that move a deal to the next, and weekly numeric targets that add up to the goal in the task.',
  );
  const stages = s.stages.map((st, i) => `${i + 1}. **${st.name}** — exit when: ${st.exitCriteria}`).join('\n');
  const targets = s.weeklyTargets.map((t) => `- ${t.metric}: **${t.target}** per week`).join('\n');
  return {
    summary: s.summary,
    content: `## Stages\n${stages}\n\n## Weekly targets\n${targets}`,
    data: { kind: 'sales_pipeline', ...s },
    usage,
    activities: [
      internalActivity(
        'Sales pipeline designed',
        s.summary,
        'Stages and weekly numbers turn selling into a routine you can check.',
        `${s.stages.length} stages, ${s.weeklyTargets.length} weekly targets`,
      ),
    ],
  };
};

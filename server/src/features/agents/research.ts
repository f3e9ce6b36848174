import { askAbout, bullets, internalActivity, type Agent } from './agent.ts';
import { ResearchBrief } from '@cofounder/shared';

/** research_agent: a brief on market, customers, competitors, risks and next steps. */
export const researchAgent: Agent = async (input) => {
  const { value: b, usage } = await askAbout(
    input,
    'research_brief',
    ResearchBrief,
    'Write a research brief. List sources only for pages you actually read; if you cannot browse, leave sources empty.',
  );
  const sources = b.sources.length
    ? `\n\n## Sources\n${bullets(b.sources.map((s) => `[${s.title}](${s.url})`))}`
    : '';
  const content = `## Market\n${b.market}\n\n## Customers\n${b.customers}\n\n## Competitors\n${bullets(b.competitors)}\n\n## Risks\n${bullets(b.risks)}\n\n## Next steps\n${bullets(b.nextSteps)}${sources}`;
  return {
    summary: b.summary,
    content,
    data: { kind: 'research_brief', ...b },
    usage,
    activities: [
      internalActivity(
        'Research brief written',
        b.summary,
        'Decisions need a shared picture of the market first.',
        `Next: ${b.nextSteps[0]}`,
      ),
    ],
  };
};

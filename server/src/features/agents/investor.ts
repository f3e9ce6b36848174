import { askAbout, bullets, internalActivity, type Agent } from './agent.ts';
import { InvestorPlan } from './schemas.ts';

const LATER =
  'Investor research (finding and verifying matching investors) comes with the investor outreach feature.';

/** investor_outreach_agent: a short plan for now; the investor outreach feature brings investor research. */
export const investorAgent: Agent = async (input) => {
  const { value: p, usage } = await askAbout(
    input,
    'investor_plan',
    InvestorPlan,
    'Write a short plan to prepare investor outreach.',
  );
  return {
    summary: p.summary,
    content: `## Plan\n${bullets(p.steps)}\n\n_${LATER}_`,
    data: { kind: 'investor_plan', ...p, note: LATER },
    usage,
    activities: [
      internalActivity(
        'Investor outreach plan written',
        p.summary,
        'Preparation decides how an investor conversation goes.',
        LATER,
      ),
    ],
  };
};

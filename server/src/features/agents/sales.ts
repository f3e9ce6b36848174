import { askAbout, bullets, internalActivity, type Agent } from './agent.ts';
import { SalesProspects } from '@cofounder/shared';

/** sales_agent and customer_outreach: ideal-prospect profiles (never invented real people) and message drafts. */
export const salesAgent: Agent = async (input) => {
  const { value: s, usage } = await askAbout(
    input,
    'sales_prospects',
    SalesProspects,
    'Describe profiles of ideal prospects (roles and situations, never named real people) and draft outreach messages.',
  );
  const prospects = bullets(
    s.prospects.map((p) => `**${p.profile}** — ${p.whyFit} (find them: ${p.whereToFind})`),
  );
  const messages = s.messages.map((m) => `### ${m.subject}\n\n${m.body}`).join('\n\n');
  return {
    summary: s.summary,
    content: `## Ideal prospects\n${prospects}\n\n## Message drafts\n${messages}`,
    data: { kind: 'prospect_list', ...s },
    usage,
    activities: [
      internalActivity(
        'Prospect list drafted',
        s.summary,
        'Knowing who to talk to comes before talking to them.',
        `${s.prospects.length} prospect profiles, ${s.messages.length} message drafts`,
      ),
    ],
  };
};

import { AGENT_DEFAULT_KIND, taskKind, type TaskAgent, type TaskKind } from '@cofounder/shared';
import type { Agent } from './agent.ts';
import { codingAgent } from './coding.ts';
import { coldEmailAgent } from './cold-email.ts';
import { marketingAgent } from './marketing.ts';
import { pipelineAgent } from './pipeline.ts';
import { pitchDeckAgent } from './pitch-deck.ts';
import { pricingAgent } from './pricing.ts';
import { researchAgent } from './research.ts';
import { salesAgent } from './sales.ts';
import { investorPlanGate, investorResearchAgent } from '../investors/research.agent.ts';

/** The work for each kind of task (shared rules/task-kind.ts), each with its own output contract. */
const KIND_WORK: Record<TaskKind, Agent> = {
  pitch_deck_outline: pitchDeckAgent,
  pricing_benchmark: pricingAgent,
  sales_pipeline: pipelineAgent,
  cold_email: coldEmailAgent,
  social_posts: marketingAgent,
  prospect_list: salesAgent,
  build_spec: codingAgent,
  investor_research: investorResearchAgent,
  research_brief: researchAgent,
};

/**
 * An agent does the work its task asks for, by the task's verb and object, whatever agent the plan named (a model's
 * plan may file a pitch deck under investor outreach); words that name no kind get the agent's own work. Investor
 * research stays with the investor outreach agent, whose plan gating and feature it belongs to: under any other
 * agent that task gets a research brief instead.
 */
const byKind =
  (agent: TaskAgent): Agent =>
  async (input) => {
    // Intro emails filed under investor outreach are Investor Outreach work too: below Builder they wait.
    const gated = agent === 'investor_outreach_agent' ? await investorPlanGate(input) : null;
    if (gated) return gated;
    const { kind, named } = taskKind(input.task.description);
    const asked = named ? kind : AGENT_DEFAULT_KIND[agent];
    const work =
      asked === 'investor_research' && agent !== 'investor_outreach_agent' ? 'research_brief' : asked;
    return KIND_WORK[work](input);
  };

/** The agent that does each kind of task. */
export const AGENTS: Record<TaskAgent, Agent> = {
  research_agent: byKind('research_agent'),
  marketing_agent: byKind('marketing_agent'),
  sales_agent: byKind('sales_agent'),
  customer_outreach: byKind('customer_outreach'),
  coding_agent: byKind('coding_agent'),
  investor_outreach_agent: byKind('investor_outreach_agent'),
};

import type { TaskAgent } from '@cofounder/shared';
import type { Agent } from './agent.ts';
import { codingAgent } from './coding.ts';
import { marketingAgent } from './marketing.ts';
import { researchAgent } from './research.ts';
import { salesAgent } from './sales.ts';
import { investorResearchAgent } from '../investors/research.agent.ts';

/** The agent that does each kind of task. */
export const AGENTS: Record<TaskAgent, Agent> = {
  research_agent: researchAgent,
  marketing_agent: marketingAgent,
  sales_agent: salesAgent,
  customer_outreach: salesAgent,
  coding_agent: codingAgent,
  investor_outreach_agent: investorResearchAgent,
};

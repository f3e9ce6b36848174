import { z } from 'zod';
import { PRIORITY } from '../constants.ts';

export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'failed', 'paused_login_required'] as const;
export const TaskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatus>;

export const TASK_AGENTS = [
  'marketing_agent',
  'investor_outreach_agent',
  'research_agent',
  'coding_agent',
  'sales_agent',
  'customer_outreach',
] as const;
export const TaskAgent = z.enum(TASK_AGENTS);
export type TaskAgent = z.infer<typeof TaskAgent>;

/** The five work areas (spec 1 §1); each agent works in one. */
export const TASK_CATEGORIES = ['marketing', 'investor_outreach', 'research', 'development', 'sales'] as const;
export const TaskCategory = z.enum(TASK_CATEGORIES);
export type TaskCategory = z.infer<typeof TaskCategory>;

export const SOCIAL_PLATFORMS = ['twitter', 'reddit'] as const;
export const SocialPlatform = z.enum(SOCIAL_PLATFORMS);

/** A task (spec 2 §3). */
export const Task = z.object({
  id: z.string(),
  description: z.string(),
  priority: z.number().int().min(PRIORITY.min).max(PRIORITY.max),
  status: TaskStatus,
  agent: TaskAgent,
  category: TaskCategory,
  requiredPlatforms: z.array(SocialPlatform),
  pauseReason: z.string().nullable(),
  createdAt: z.string(),
  /** The machine the task runs on first (coding and research agents, issue 12); absent or null: none. */
  vmId: z.string().nullable().optional(),
});
export type Task = z.infer<typeof Task>;

/** The agents that can run their task on one of the founder's machines and attach its final screenshot. */
export const MACHINE_AGENTS = ['coding_agent', 'research_agent'] as const satisfies readonly TaskAgent[];

/** A task the AI proposes in a plan, before it is stored (structured output of the AI provider). */
export const PlannedTask = z.object({
  description: z.string().min(1).max(500),
  priority: z.number().int().min(PRIORITY.min).max(PRIORITY.max),
  agent: TaskAgent,
  requiredPlatforms: z.array(SocialPlatform).default([]),
});
export type PlannedTask = z.infer<typeof PlannedTask>;

export const TaskPlan = z.object({ tasks: z.array(PlannedTask).min(1).max(20) });
export type TaskPlan = z.infer<typeof TaskPlan>;

/** Which area each agent works in. */
export const AGENT_CATEGORY: Record<TaskAgent, TaskCategory> = {
  marketing_agent: 'marketing',
  investor_outreach_agent: 'investor_outreach',
  research_agent: 'research',
  coding_agent: 'development',
  sales_agent: 'sales',
  customer_outreach: 'sales',
};

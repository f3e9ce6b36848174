import { z } from 'zod';
import { PRIORITY } from '../constants.ts';
import { ProducedBy, TaskOutcome } from './provenance.ts';
import { Task, TaskStatus } from './task.ts';

/**
 * GET /api/tasks/{userId}?status=&limit=: one status or all. The list is capped so a founder with 10,000 tasks still
 * gets a fast answer; the counts cover all tasks.
 */
export const TaskListQuery = z.object({
  status: TaskStatus.or(z.literal('all')).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** A task in the list, with its result's outcome (null until it has a result) so a draft reads as one. */
export const ListedTask = Task.extend({ outcome: TaskOutcome.nullable() });
export type ListedTask = z.infer<typeof ListedTask>;

/** The task list with counts per status (spec 1 §3 "Task status counts"; paused = paused_login_required). */
export const TaskListResponse = z.object({
  success: z.literal(true),
  tasks: z.array(ListedTask),
  total: z.number().int(),
  pending: z.number().int(),
  in_progress: z.number().int(),
  completed: z.number().int(),
  paused: z.number().int(),
  failed: z.number().int(),
  /** Completed tasks that reached their goal: not drafts waiting for the founder's input (the Success Rate). */
  achieved: z.number().int(),
  /** Completed tasks whose result is a draft that needs the founder's input (offline work). */
  needs_input: z.number().int(),
  /**
   * Model tokens and estimated cost summed over the user's tasks; unpricedTasks of them ran (partly) on a model
   * whose price is not known (a founder's local model), which the cost leaves out.
   */
  usage: z.object({ tokens: z.number().int(), costUsd: z.number(), unpricedTasks: z.number().int().default(0) }),
});
export type TaskListResponse = z.infer<typeof TaskListResponse>;

/** POST /api/tasks/{userId}/generate: new tasks from the founder's profile, within the monthly task limit. */
export const GenerateTasksResponse = z.object({
  success: z.literal(true),
  tasks: z.array(Task),
  tasks_generated: z.number().int(),
});
export type GenerateTasksResponse = z.infer<typeof GenerateTasksResponse>;

/**
 * PATCH /api/tasks/{taskId}: the only fields an owner may change. Unknown fields are refused (strict).
 * Status moves the owner may make: pending → completed (done by hand), failed → pending (retry),
 * completed → pending (reopen); everything else is the engine's. vmId only for MACHINE_AGENTS' tasks.
 */
export const PatchTaskBody = z
  .object({
    description: z.string().trim().min(1).max(500).optional(),
    priority: z.number().int().min(PRIORITY.min).max(PRIORITY.max).optional(),
    status: z.enum(['pending', 'completed']).optional(),
    /** A coding or research task runs on this machine of the founder's first (issue 12); null: no machine. */
    vmId: z.uuid().nullable().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });
export type PatchTaskBody = z.infer<typeof PatchTaskBody>;

export const PatchTaskResponse = z.object({ success: z.literal(true), task: Task });

/** POST /api/tasks/{userId}/retry-failed (spec 2 §7, §8). */
export const RetryFailedResponse = z.object({
  success: z.literal(true),
  pausedTasks: z.number().int(),
  retriedTasks: z.number().int(),
  /** One of the three result texts of spec 2 §8. */
  message: z.string(),
});
export type RetryFailedResponse = z.infer<typeof RetryFailedResponse>;

/** A task's result as its agent wrote it: Markdown for people, data for later issues (posts, prospects). */
export const TaskResult = z.object({
  taskId: z.string(),
  summary: z.string(),
  /** Markdown, rendered safely (no raw HTML). */
  content: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  tokens: z.number().int(),
  costUsd: z.number(),
  /** False: a model without a known price did (some of) the work, so costUsd is not the whole cost. */
  priceKnown: z.boolean().default(true),
  completedAt: z.string(),
  /** The model that wrote it, or 'offline'. */
  producedBy: ProducedBy,
  outcome: TaskOutcome,
});
export type TaskResult = z.infer<typeof TaskResult>;

/** GET /api/tasks/{taskId}/result (404 for another user's task or a task without a result yet). */
export const TaskResultResponse = z.object({ success: z.literal(true), task: Task, result: TaskResult.nullable() });
export type TaskResultResponse = z.infer<typeof TaskResultResponse>;

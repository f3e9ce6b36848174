import { z } from 'zod';
import { TASK_OUTCOMES } from '../rules/provenance.ts';

/** A row's producer (rules/provenance.ts): the model's name, 'offline', or null (not AI, or before it was recorded). */
export const ProducedBy = z.string().nullable();
export type ProducedBy = z.infer<typeof ProducedBy>;

export const TaskOutcome = z.enum(TASK_OUTCOMES);
export type TaskOutcome = z.infer<typeof TaskOutcome>;

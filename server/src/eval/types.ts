import type { EvalEnv } from './env.ts';
import type { Check } from './grade.ts';

/** The areas the report counts separately. */
export const EVAL_AREAS = ['chat', 'sms', 'onboarding', 'tasks', 'duplicates'] as const;
export type EvalArea = (typeof EVAL_AREAS)[number];

/** One founder request and what its answer must satisfy: the case passes when every check does. */
export interface EvalCase {
  area: EvalArea;
  name: string;
  run(env: EvalEnv): Promise<Check[]>;
}

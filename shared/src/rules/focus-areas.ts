import type { FocusArea } from '../schemas/autonomy.ts';
import type { TaskCategory } from '../schemas/task.ts';

/** The work areas each autonomy focus area covers (spec 2 §3): a check-in plans only inside them. */
export const FOCUS_AREA_CATEGORIES: Record<FocusArea, TaskCategory[]> = {
  marketing: ['marketing'],
  investor_outreach: ['investor_outreach'],
  product_development: ['development'],
  strategy: ['research', 'sales'],
};

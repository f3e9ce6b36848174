/**
 * What produced an AI-made artifact (task result, activity, drafted post, chat reply): the model's name, or
 * OFFLINE_PRODUCER for the offline co-founder. Null for rows written before provenance was recorded, or not by AI.
 * (No zod here: the landing page's chat demo reads these labels; the schemas are in schemas/provenance.ts.)
 */
export const OFFLINE_PRODUCER = 'offline';

/** True when the offline co-founder (no model) wrote it: every screen labels it OFFLINE_DRAFT_LABEL. */
export const isOfflineDraft = (producedBy: string | null | undefined): boolean => producedBy === OFFLINE_PRODUCER;

/** The label on every artifact the offline co-founder produced, wherever it appears. */
export const OFFLINE_DRAFT_LABEL = 'Offline draft';
/** A short mark ahead of an SMS reply the offline co-founder wrote (plain text, counted in the segment). */
export const OFFLINE_SMS_MARK = '[Offline draft]';

/**
 * Whether a finished task reached its goal: `achieved` (a model's validated output) or `needs_input` (a draft,
 * template or worksheet the founder has to complete — the offline co-founder's work). Only achieved tasks count
 * in the Success Rate; the task's status stays `completed` as the spec says.
 */
export const TASK_OUTCOMES = ['achieved', 'needs_input'] as const;

/** How a needs_input task's status reads wherever the status is shown. */
export const NEEDS_INPUT_LABEL = 'Draft — needs your input';

/** The outcome of work a producer did: the offline co-founder's is a draft that needs the founder's input. */
export const outcomeOf = (producedBy: string): (typeof TASK_OUTCOMES)[number] =>
  isOfflineDraft(producedBy) ? 'needs_input' : 'achieved';

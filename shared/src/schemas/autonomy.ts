import { z } from 'zod';
import { AUTONOMY, ENERGY_LEVELS, PRIORITY } from '../constants.ts';

export const FocusArea = z.enum(AUTONOMY.focusAreas);
export type FocusArea = z.infer<typeof FocusArea>;

const PRODUCTIVITY_VALUES = ENERGY_LEVELS.map((l) => l.productivity);
/** One of the energy levels' productivity values (5, 10, 20, 30). */
export const Productivity = z
  .number()
  .int()
  .refine((n) => (PRODUCTIVITY_VALUES as number[]).includes(n), {
    message: `Productivity must be one of ${PRODUCTIVITY_VALUES.join(', ')}`,
  });

const Priority = z.number().int().min(PRIORITY.min).max(PRIORITY.max);

/** Autonomy preferences (spec 2 §3). maxTasksPerGeneration is capped by the energy level's maximum. */
export const AutonomyPreferences = z
  .object({
    focusAreas: z.array(FocusArea).min(1),
    priorityRange: z
      .object({ min: Priority, max: Priority })
      .refine((r) => r.min <= r.max, { message: 'min must not exceed max' }),
    maxTasksPerGeneration: z.number().int().min(1).max(12),
  })
  .strict();
export type AutonomyPreferences = z.infer<typeof AutonomyPreferences>;

/** POST /api/autonomous/enable (all optional: stored or default values fill the rest). */
export const EnableAutonomyBody = z
  .object({
    productivity: Productivity.optional(),
    intervalHours: z
      .number()
      .positive()
      .max(24 * 7)
      .optional(),
    preferences: AutonomyPreferences.partial().optional(),
  })
  .strict();
export type EnableAutonomyBody = z.infer<typeof EnableAutonomyBody>;

/** POST /api/autonomous/settings: productivity and/or preferences (and the interval). */
export const UpdateAutonomyBody = EnableAutonomyBody;
export type UpdateAutonomyBody = EnableAutonomyBody;

/** Autonomy settings as the API answers them. */
export const AutonomySettings = z.object({
  isEnabled: z.boolean(),
  productivity: z.number().int(),
  intervalHours: z.number(),
  preferences: AutonomyPreferences,
  /** When the next check-in runs (null while disabled). */
  nextRunAt: z.string().nullable(),
  lastRun: z.object({ at: z.string(), tasksGenerated: z.number().int(), message: z.string() }).nullable(),
});
export type AutonomySettings = z.infer<typeof AutonomySettings>;

/** GET /api/autonomous/settings and every POST. */
export const AutonomySettingsResponse = z.object({ success: z.literal(true), settings: AutonomySettings });
export type AutonomySettingsResponse = z.infer<typeof AutonomySettingsResponse>;

import { z } from 'zod';
import { CHAT } from '../constants.ts';

/** Intern settings (spec 2 §3): they shape the co-founder's voice in every reply. */
export const InternSettings = z.object({
  internName: z.string().trim().min(1).max(30).default(CHAT.defaultInternName),
  communicationStyle: z.enum(['direct', 'balanced', 'supportive']).default('balanced'),
  formalityLevel: z.enum(['casual', 'professional', 'formal']).default('professional'),
  responseLength: z.enum(['brief', 'medium', 'detailed']).default('medium'),
  priorityFocus: z.enum(['balanced', 'growth', 'efficiency', 'innovation', 'stability']).default('balanced'),
});
export type InternSettings = z.infer<typeof InternSettings>;

/** The defaults of spec 2 §3. */
export const DEFAULT_INTERN_SETTINGS: InternSettings = InternSettings.parse({});

/**
 * GET /api/users/{userId}/intern-settings (and the POST's answer): the saved settings, or the defaults while the
 * founder never saved any (a 200, so no page load logs a failed request).
 */
export const InternSettingsResponse = z.object({ success: z.literal(true), settings: InternSettings });
export type InternSettingsResponse = z.infer<typeof InternSettingsResponse>;

/** POST /api/users/{userId}/intern-settings body (spec 2 §7); answered with InternSettingsResponse. */
export const UpdateInternSettingsBody = z.object({ settings: InternSettings });
export type UpdateInternSettingsBody = z.infer<typeof UpdateInternSettingsBody>;

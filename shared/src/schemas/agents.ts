import { z } from 'zod';

/** GET /api/agents/status, POST /api/agents/stop and /resume: the founder's kill switch over all agent work. */
export const AgentsStatusResponse = z.object({ success: z.literal(true), paused: z.boolean() });
export type AgentsStatusResponse = z.infer<typeof AgentsStatusResponse>;

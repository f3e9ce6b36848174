import { z } from 'zod';

/** The answer of the endpoints that only confirm (`{ success: true }`: a disconnect, a stop, a saved transcript). */
export const SuccessResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

/** GET /api/health (public): liveness for load balancers and `npm start`. */
export const HealthResponse = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof HealthResponse>;

import { z } from 'zod';

/** The answer of the endpoints that only confirm (`{ success: true }`: a disconnect, a stop, a saved transcript). */
export const SuccessResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

/** GET /api/health (public): liveness for load balancers and `npm start`. */
export const HealthResponse = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** The parts of the server's storage `/api/health` checks: the database, and the files in its data folder. */
export const StorePart = z.enum(['database', 'files']);
export type StorePart = z.infer<typeof StorePart>;

/** GET /api/health while a part of the store refuses writes for lack of space (503): each such part, with why. */
export const HealthFailure = z.object({
  ok: z.literal(false),
  failing: z.array(z.object({ part: StorePart, message: z.string() })),
});
export type HealthFailure = z.infer<typeof HealthFailure>;


import { z } from 'zod';

/** GET /api/me: the caller as the API sees them. */
export const MeResponse = z.object({
  success: z.literal(true),
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    fullName: z.string().nullable(),
  }),
});
export type MeResponse = z.infer<typeof MeResponse>;

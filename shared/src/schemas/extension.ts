import { z } from 'zod';

/** POST /api/extension/handoff: a one-use token the extension turns into a session of its own. */
export const ExtensionHandoffResponse = z.object({
  success: z.literal(true),
  tokenHash: z.string(),
  expiresAt: z.string(),
});
export type ExtensionHandoffResponse = z.infer<typeof ExtensionHandoffResponse>;

/**
 * What a dashboard page may send the extension (chrome.runtime.sendMessage with the extension's id). The
 * extension accepts it only from the server origin it is configured for.
 */
export const ExtensionExternalMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cofounder:handoff'), tokenHash: z.string().min(16).max(128) }),
  z.object({ type: z.literal('cofounder:signout') }),
]);
export type ExtensionExternalMessage = z.infer<typeof ExtensionExternalMessage>;

/** The extension's answer. */
export const ExtensionExternalReply = z.union([
  z.object({ ok: z.literal(true), email: z.string().optional() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type ExtensionExternalReply = z.infer<typeof ExtensionExternalReply>;

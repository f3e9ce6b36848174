import * as z from 'zod/mini';

/**
 * Background → side panel: a quick voice note is ready; the panel that holds the real focus takes it. Its reply:
 * 'inserted' (at its caret), 'focused' (it has the focus but no field: the note must not go into the page behind
 * it), or no reply at all (it does not have the focus).
 */
export const PanelInsertMessage = z.object({
  type: z.literal('quick-voice:insert'),
  target: z.literal('sidepanel'),
  text: z.string(),
});
export type PanelInsertMessage = z.infer<typeof PanelInsertMessage>;
export type PanelInsertReply = 'inserted' | 'focused';

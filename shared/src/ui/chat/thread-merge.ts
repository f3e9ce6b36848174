import type { ThreadMessage } from './types.ts';

/**
 * A message that lives on this screen: the optimistic user message, the reply being streamed, failure replies,
 * and stored messages until the history holds them. `after` is the id of the message it follows, so a failure
 * reply stays in its place when later stored messages are appended to the history.
 */
export interface ScreenMessage extends ThreadMessage {
  after: string | null;
}

/** The thread to show: the history, with each screen message after the one it follows (ids shown once). */
export function mergeThread(
  history: readonly ThreadMessage[],
  screen: readonly ScreenMessage[],
): ThreadMessage[] {
  const stored = new Set(history.map((m) => m.id));
  const byAnchor = new Map<string | null, ScreenMessage[]>();
  for (const m of screen) {
    if (stored.has(m.id)) continue;
    byAnchor.set(m.after, [...(byAnchor.get(m.after) ?? []), m]);
  }
  const out: ThreadMessage[] = [];
  const emitted = new Set<string>();
  const emitChain = (anchor: string | null) => {
    for (const m of byAnchor.get(anchor) ?? []) {
      if (emitted.has(m.id)) continue;
      emitted.add(m.id);
      out.push(m);
      emitChain(m.id);
    }
  };
  emitChain(null);
  for (const m of history) {
    out.push(m);
    emitChain(m.id);
  }
  // Safety net: if a refetched history ever dropped an anchor, its followers still show, at the end.
  for (const m of screen) if (!stored.has(m.id) && !emitted.has(m.id)) out.push(m);
  return out;
}

let sequence = 0;

/** An id no stored message has, for messages that exist only on this screen until the server answers. */
export function localId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}`;
}

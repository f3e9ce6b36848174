import { ControlInput, VMS } from '@cofounder/shared';

// What a founder's pointer and keys on the shown screen mean on the machine (take control, issue 28 §4). Pure, so
// the mapping is tested without a browser.

/** A point on the shown (scaled) screen, in the machine's own pixels, kept inside the screen. */
export function machinePoint(clientX: number, clientY: number, rect: { left: number; top: number; width: number; height: number }) {
  const scale = (value: number, size: number, max: number) =>
    Math.min(max - 1, Math.max(0, Math.round((value / Math.max(size, 1)) * max)));
  return {
    x: scale(clientX - rect.left, rect.width, VMS.viewport.width),
    y: scale(clientY - rect.top, rect.height, VMS.viewport.height),
  };
}

/** Keys sent by name (Playwright's names); any other key with a modifier is sent as a chord with its character. */
const NAMED_KEYS = new Set([
  'Enter',
  'Tab',
  'Backspace',
  'Delete',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * A key press as text to type (a plain character) or a key to press (a named key, or a chord), null when it is
 * not sent (modifier keys alone, Escape — which gives the keyboard back to the page — and anything the machine's
 * key names cannot say).
 */
export function keyInput(e: KeyLike): { kind: 'type'; text: string } | { kind: 'key'; keys: string } | null {
  const chord = e.ctrlKey || e.metaKey || e.altKey;
  if (e.key.length === 1 && !chord) return { kind: 'type', text: e.key };
  if (!NAMED_KEYS.has(e.key) && !(chord && e.key.length === 1)) return null;
  const modifiers = [e.ctrlKey && 'Control', e.altKey && 'Alt', e.metaKey && 'Meta', e.shiftKey && NAMED_KEYS.has(e.key) && 'Shift'];
  const keys = [...modifiers.filter(Boolean), e.key].join('+');
  const input = { kind: 'key' as const, keys };
  return ControlInput.safeParse(input).success ? input : null;
}

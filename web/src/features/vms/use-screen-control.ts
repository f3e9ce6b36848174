import { useCallback, useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { VMS, type ControlInput } from '@cofounder/shared';
import { keyInput, machinePoint } from './screen-input.ts';

/** Typing is sent in bursts: a pause this long (or any other input) sends what was typed so far. */
const TYPE_FLUSH_MS = 150;
/** Wheel movement is summed and sent at most this often. */
const SCROLL_EVERY_MS = 100;

/**
 * The founder's clicks, wheel and keys on the shown screen, sent to the machine while they hold it. Keys typed in a
 * row travel as one text; Escape gives the keyboard back to the page (it focuses `release`, the Hand back button).
 */
export function useScreenControl(opts: {
  active: boolean;
  send: (input: ControlInput) => void;
  screen: React.RefObject<HTMLElement | null>;
  release: React.RefObject<HTMLElement | null>;
}) {
  const { active, send, screen, release } = opts;
  const typed = useRef('');
  const typeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(typeTimer.current);
    // Whole characters only: a burst longer than the limit goes in pieces.
    const chars = [...typed.current];
    typed.current = '';
    for (let i = 0; i < chars.length; i += VMS.control.maxTypedChars)
      send({ kind: 'type', text: chars.slice(i, i + VMS.control.maxTypedChars).join('') });
  }, [send]);

  useEffect(() => {
    if (active) screen.current?.focus();
    else typed.current = '';
    return () => clearTimeout(typeTimer.current);
  }, [active, screen]);

  // React's wheel listener is passive: a native one stops the page from scrolling under the machine's screen.
  useEffect(() => {
    const el = screen.current;
    if (!active || !el) return;
    let pending = { dx: 0, dy: 0, x: 0, y: 0 };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const at = machinePoint(e.clientX, e.clientY, el.getBoundingClientRect());
      pending = { dx: pending.dx + e.deltaX, dy: pending.dy + e.deltaY, ...at };
      timer ??= setTimeout(() => {
        timer = undefined;
        flush();
        const limit = VMS.control.maxScrollPx;
        const clamp = (n: number) => Math.max(-limit, Math.min(limit, Math.round(n)));
        send({ kind: 'scroll', x: pending.x, y: pending.y, dx: clamp(pending.dx), dy: clamp(pending.dy) });
        pending = { dx: 0, dy: 0, x: 0, y: 0 };
      }, SCROLL_EVERY_MS);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('wheel', onWheel);
      clearTimeout(timer);
    };
  }, [active, screen, send, flush]);

  const point = (e: MouseEvent<HTMLElement>) => machinePoint(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect());

  return {
    onClick: (e: MouseEvent<HTMLElement>) => {
      if (!active) return;
      flush();
      // The second click of a double click is the double click below.
      if (e.detail === 1) send({ kind: 'click', ...point(e) });
    },
    onDoubleClick: (e: MouseEvent<HTMLElement>) => {
      if (!active) return;
      flush();
      send({ kind: 'double_click', ...point(e) });
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (!active) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        flush();
        release.current?.focus();
        return;
      }
      const input = keyInput(e);
      if (!input) return;
      e.preventDefault();
      if (input.kind === 'type') {
        typed.current += input.text;
        clearTimeout(typeTimer.current);
        typeTimer.current = setTimeout(flush, TYPE_FLUSH_MS);
        return;
      }
      flush();
      send(input);
    },
  };
}

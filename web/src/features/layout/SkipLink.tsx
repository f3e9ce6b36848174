import { SKIP_LINK_TEXT } from '@cofounder/shared';

/** The first Tab stop of every page: hidden until focused, it jumps past the header and navigation to <main id="main">. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-lg focus:bg-indigo-600 focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-white focus:ring-2 focus:ring-white focus:outline-none"
    >
      {SKIP_LINK_TEXT}
    </a>
  );
}

/**
 * <main id="main">'s focus look: it takes focus from the skip link and after a navigation, and a keyboard user sees
 * where they landed (an inset ring: the dashboard's main scrolls, so an outer one would be cut off).
 */
export const MAIN_FOCUS_CLASS =
  'focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500';

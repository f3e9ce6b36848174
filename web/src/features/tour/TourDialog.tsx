import { useEffect } from 'react';
import { DIALOG_PANEL, DialogShell } from '@cofounder/shared/ui';
import { TOUR_STEPS } from './tour-steps.ts';
import type { useProductTour } from './use-product-tour.ts';

type Tour = Omit<ReturnType<typeof useProductTour>, 'open'>;

/**
 * The 6-step product tour, while open: a Radix dialog (focus kept inside and given back, Escape closes) placed
 * beside the sidebar so the link each step is about, highlighted through `onHighlight`, stays in view.
 */
export default function TourDialog({
  index,
  setIndex,
  close,
  onHighlight,
}: Tour & { onHighlight: (to: string | null) => void }) {
  const step = TOUR_STEPS[index] ?? TOUR_STEPS[0]!;
  const last = index === TOUR_STEPS.length - 1;

  useEffect(() => {
    onHighlight(step.highlight);
    return () => onHighlight(null);
  }, [step, onHighlight]);

  return (
    <DialogShell
      open
      onOpenChange={(next) => !next && close()}
      // No overlay and the card beside the sidebar: the highlighted link stays visible.
      overlayClassName={null}
      className={`${DIALOG_PANEL} max-w-md md:left-72 md:translate-x-0`}
      showClose={false}
      // It opens by itself: with nothing focused before it, focus goes to the page it covered, not back to <body>.
      returnFocusTo={() => document.getElementById('main')}
      header={
        <p className="text-xs font-medium tracking-wide text-indigo-600 uppercase dark:text-indigo-400">
          Step {index + 1} of {TOUR_STEPS.length}
        </p>
      }
      title={step.title}
      titleClassName="mt-1 text-lg font-semibold"
      description={step.body}
    >
      <div className="mt-4 flex gap-1.5" aria-hidden="true">
        {TOUR_STEPS.map((s, i) => (
          <span
            key={s.id}
            className={`h-1.5 flex-1 rounded-full ${i <= index ? 'bg-indigo-500' : 'bg-slate-200 dark:bg-slate-700'}`}
          />
        ))}
      </div>
      <div className="mt-6 flex items-center justify-between gap-3">
        <button
          type="button"
          onClick={close}
          className="rounded-lg px-3 py-2 text-sm text-slate-500 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-slate-400 focus-visible:outline-none dark:text-slate-400 dark:hover:bg-slate-800"
        >
          Skip Tour
        </button>
        <div className="flex gap-2">
          {index > 0 && (
            <button
              type="button"
              onClick={() => setIndex(index - 1)}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-slate-400 focus-visible:outline-none dark:border-slate-600 dark:hover:bg-slate-800"
            >
              Back
            </button>
          )}
          <button
            type="button"
            onClick={() => (last ? close() : setIndex(index + 1))}
            className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none"
          >
            {step.cta}
          </button>
        </div>
      </div>
    </DialogShell>
  );
}

import { AlertCircle } from 'lucide-react';
import { buttonClass, cardClass } from '../work/labels.ts';
import { INVESTOR_TEXT } from './texts.ts';

/**
 * A calm inline error with Try Again. Spec 2 §8 says investor-outreach errors are only logged; a blank list
 * would hide the failure, so the screen says it once, here.
 */
export function ErrorPanel({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className={`${cardClass} flex flex-wrap items-center gap-3`}>
      <AlertCircle className="size-5 shrink-0 text-red-500" aria-hidden="true" />
      <p className="flex-1 text-sm text-slate-700 dark:text-slate-300">{text}</p>
      <button type="button" className={buttonClass} onClick={onRetry}>
        {INVESTOR_TEXT.tryAgain}
      </button>
    </div>
  );
}

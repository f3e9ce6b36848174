import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { COPY_FEEDBACK_MS } from '../../constants.ts';

const CHAT_LOOK =
  'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-slate-100';

/**
 * Copies text to the clipboard and says "Copied" for 2 s (spec 2 §9): a chat message by default; `label` names
 * what it copies when "Copy" alone would not (Settings → Model's env lines), `className` gives it another look.
 */
export function CopyButton({
  text,
  label,
  className = CHAT_LOOK,
}: {
  text: string;
  label?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard (insecure origin, permission denied): the button does not confirm; the text stays to select.
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  }

  const Icon = copied ? Check : Copy;
  return (
    <button type="button" aria-label={label} onClick={() => void copy()} className={className}>
      <Icon className="size-3.5" aria-hidden="true" />
      <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
    </button>
  );
}

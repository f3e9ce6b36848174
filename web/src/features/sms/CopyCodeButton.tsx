import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { SMS } from '@cofounder/shared';
import { buttonClass } from '../work/labels.ts';

/** Copies the verification code and says "Copied!" for SMS.copyFeedbackMs (spec 2 §9). */
export function CopyCodeButton({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // No clipboard (insecure origin, permission denied): the code stays on screen to type by hand.
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), SMS.copyFeedbackMs);
  }

  const Icon = copied ? Check : Copy;
  return (
    <button type="button" className={buttonClass} onClick={() => void copy()}>
      <Icon className="size-4" aria-hidden="true" />
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy code'}</span>
    </button>
  );
}

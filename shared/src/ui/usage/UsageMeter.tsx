import type { ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { PLANS } from '../../constants.ts';
import type { UsageReply } from '../../schemas/usage.ts';
import { shortDate } from '../../rules/chat-time.ts';
import { showsUpgradePrompt, usageErrorText, usageFailureText } from '../../rules/usage.ts';
import { UsageBar } from './UsageBar.tsx';

export interface UsageMeterProps {
  /** "full" is the usage limits panel; "inline" is the one-line meter of the chat header. */
  variant?: 'full' | 'inline';
  /** The usage-details reply (success or `success: false`). */
  reply?: UsageReply;
  /** The failed call, if it failed (an ApiError carries the status the texts depend on). */
  error?: unknown;
  loading?: boolean;
  /** The upgrade call to action, shown in the full panel on the free trial and starter plans only. */
  upgrade?: ReactNode;
  /** The voice minutes bar; off where nothing can transcribe (it would count what the founder cannot use). */
  showVoice?: boolean;
  now?: Date;
}

/** Spec 1 §2 "usage limits panel" in its two variants, with the §8 error texts and the §9 colour rule. */
export function UsageMeter({
  variant = 'full',
  reply,
  error,
  loading = false,
  upgrade,
  showVoice = true,
  now,
}: UsageMeterProps) {
  const inline = variant === 'inline';
  const problem = error
    ? usageErrorText(error)
    : reply && !reply.success
      ? usageFailureText(reply.error)
      : null;

  if (problem) {
    return (
      <p
        role="alert"
        className={
          inline
            ? 'text-xs text-red-600 dark:text-red-400'
            : 'rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-700 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-300'
        }
      >
        {problem}
      </p>
    );
  }
  if (loading || !reply?.success) {
    return (
      <p role="status" className="text-xs text-slate-500 dark:text-slate-400">
        Loading usage...
      </p>
    );
  }

  const { plan, usage, warnings, currentMonth } = reply;
  const resets = `Resets ${shortDate(new Date(currentMonth.resetDate), now)}`;

  if (inline) {
    return (
      <div className="flex min-w-36 flex-col gap-1" title={`${PLANS[plan.current].name} plan · ${resets}`}>
        <UsageBar label="Messages" counter={usage.messages} warning={warnings.messageLimit} compact />
        {warnings.messageLimit && (
          <p className="text-xs text-red-600 dark:text-red-400">{warnings.messageLimit}</p>
        )}
      </div>
    );
  }

  const notes = [warnings.messageLimit, warnings.taskLimit, showVoice ? warnings.voiceLimit : null].filter((w): w is string =>
    Boolean(w),
  );
  return (
    <section
      aria-label="Usage limits"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex items-baseline justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">Usage this month</h2>
        <span className="text-sm text-slate-500 dark:text-slate-400">{plan.name} plan</span>
      </header>
      <UsageBar label="Messages" counter={usage.messages} warning={warnings.messageLimit} />
      <UsageBar label="Tasks" counter={usage.tasks} warning={warnings.taskLimit} />
      {showVoice && <UsageBar label="Voice minutes" counter={usage.voiceMinutes} warning={warnings.voiceLimit} />}
      {notes.map((note) => (
        <p key={note} className="flex items-start gap-2 text-sm text-red-700 dark:text-red-300">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {note}
        </p>
      ))}
      <p className="text-xs text-slate-500 dark:text-slate-400">{resets}</p>
      {upgrade && showsUpgradePrompt(plan.current) && upgrade}
    </section>
  );
}

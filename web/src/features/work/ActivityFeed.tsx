import { useId, useState } from 'react';
import type { Activity } from '@cofounder/shared';
import { Rows3, Rows4, Sparkles } from 'lucide-react';
import { ActivityItem } from './ActivityItem.tsx';
import { buttonClass, cardClass } from './labels.ts';

interface ActivityFeedProps {
  activities: Activity[];
  /** Opens the full history; the button is hidden without it. */
  onViewAll?: () => void;
  error?: string | null;
  loading?: boolean;
  now?: Date;
}

/** Recent Activities (spec 2 §2): expanded or compact, with the "Getting Started" state when nothing happened yet. */
export function ActivityFeed({ activities, onViewAll, error, loading = false, now }: ActivityFeedProps) {
  const [compact, setCompact] = useState(false);
  const headingId = useId();
  return (
    <section className={cardClass} aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          Recent Activities
        </h2>
        <button
          type="button"
          className={buttonClass}
          onClick={() => setCompact((v) => !v)}
          aria-pressed={compact}
        >
          {compact ? (
            <Rows3 className="size-4" aria-hidden="true" />
          ) : (
            <Rows4 className="size-4" aria-hidden="true" />
          )}
          {compact ? 'Expanded view' : 'Compact view'}
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : loading ? (
        <p className="mt-4 text-sm text-slate-500">Loading activities...</p>
      ) : activities.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
          <Sparkles className="mx-auto size-6 text-indigo-500" aria-hidden="true" />
          <h3 className="mt-2 font-semibold text-slate-900 dark:text-white">Getting Started</h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Your co-founder has not done anything yet. Chat with it about your goals and it will plan tasks;
            what it does shows up here.
          </p>
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {activities.map((activity) => (
            <ActivityItem key={activity.id} activity={activity} compact={compact} now={now} />
          ))}
        </ul>
      )}
      {onViewAll && activities.length > 0 && (
        <button type="button" className={`${buttonClass} mt-3`} onClick={onViewAll}>
          View All Activities
        </button>
      )}
    </section>
  );
}

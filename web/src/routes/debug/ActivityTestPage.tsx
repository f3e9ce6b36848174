import { useMemo } from 'react';
import { ActivityFeed } from '../../features/work/ActivityFeed.tsx';
import { exampleActivities } from './example-activities.ts';

/** /activity-test: the activity feed component with built-in examples, viewable without signing in. */
export function ActivityTestPage() {
  const activities = useMemo(() => exampleActivities(), []);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Activity Test</h1>
      <p className="rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-800 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-200">
        Example activities — this page previews the activity feed component. Nothing here comes from an
        account.
      </p>
      <ActivityFeed activities={activities} />
      <h2 className="pt-4 text-sm font-semibold text-slate-500 uppercase dark:text-slate-400">
        Empty state (a founder with no activities yet)
      </h2>
      <ActivityFeed activities={[]} />
    </div>
  );
}

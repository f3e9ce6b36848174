import { useActivityHistory } from '../../data/activities/use-activity-history.ts';
import { ActivityItem } from './ActivityItem.tsx';
import { buttonClass } from './labels.ts';
import { WorkDialog } from './WorkDialog.tsx';

/** The full activity history, a page at a time with "Load more". */
export function ActivityHistoryDialog({
  userId,
  open,
  onClose,
}: {
  userId: string;
  open: boolean;
  onClose: () => void;
}) {
  const history = useActivityHistory(userId, open);
  const activities = history.data?.pages.flatMap((page) => page.activities) ?? [];
  return (
    <WorkDialog open={open} onClose={onClose} title="All Activities" wide>
      {history.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Failed to load activities
        </p>
      ) : history.isPending ? (
        <p className="text-sm text-slate-500">Loading activities...</p>
      ) : activities.length === 0 ? (
        <p className="text-sm text-slate-500">No activities yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {activities.map((activity) => (
            <ActivityItem key={activity.id} activity={activity} compact={false} />
          ))}
        </ul>
      )}
      {history.hasNextPage && (
        <button
          type="button"
          className={`${buttonClass} mt-3`}
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      )}
    </WorkDialog>
  );
}

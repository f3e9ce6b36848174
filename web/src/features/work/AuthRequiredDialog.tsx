import { useNavigate } from 'react-router';
import { waitsForUpgrade, type Task } from '@cofounder/shared';
import { PLATFORM_LABELS, buttonClass, primaryClass } from './labels.ts';
import { WorkDialog } from './WorkDialog.tsx';

/**
 * Shown for a paused task (paused_login_required): until the founder connects its platforms, or — a task with no
 * platform, investor research below Builder — until their plan allows the work.
 */
export function AuthRequiredDialog({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const navigate = useNavigate();
  const upgrade = task !== null && waitsForUpgrade(task);
  return (
    <WorkDialog
      open={task !== null}
      onClose={onClose}
      title={upgrade ? 'Upgrade Required' : 'Authentication Required'}
      description={
        upgrade
          ? 'This task needs a plan that includes its work. It runs as soon as you upgrade.'
          : 'This task needs access to your accounts before your co-founder can continue it.'
      }
    >
      {task && (
        <div className="space-y-4">
          <p className="text-sm text-slate-800 dark:text-slate-100">{task.description}</p>
          {task.pauseReason && (
            <p className="text-sm text-slate-600 dark:text-slate-400">{task.pauseReason}</p>
          )}
          {!upgrade && (
            <div>
              <p className="text-sm font-medium text-slate-800 dark:text-slate-100">
                Connect these platforms:
              </p>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-200">
                {task.requiredPlatforms.map((platform) => (
                  <li key={platform}>{PLATFORM_LABELS[platform]}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass} onClick={onClose}>
              Later
            </button>
            <button
              type="button"
              className={primaryClass}
              onClick={() => void navigate(upgrade ? '/pricing' : '/dashboard/connections')}
            >
              {upgrade ? 'See Plans' : 'Connect Accounts'}
            </button>
          </div>
        </div>
      )}
    </WorkDialog>
  );
}

import { useNavigate } from 'react-router';
import type { Task } from '@cofounder/shared';
import { PLATFORM_LABELS, buttonClass, primaryClass } from './labels.ts';
import { WorkDialog } from './WorkDialog.tsx';

/** Shown for a task paused until the founder connects a platform (paused_login_required). */
export function AuthRequiredDialog({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <WorkDialog
      open={task !== null}
      onClose={onClose}
      title="Authentication Required"
      description="This task needs access to your accounts before your co-founder can continue it."
    >
      {task && (
        <div className="space-y-4">
          <p className="text-sm text-slate-800 dark:text-slate-100">{task.description}</p>
          {task.pauseReason && (
            <p className="text-sm text-slate-600 dark:text-slate-400">{task.pauseReason}</p>
          )}
          <div>
            <p className="text-sm font-medium text-slate-800 dark:text-slate-100">Connect these platforms:</p>
            <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-200">
              {task.requiredPlatforms.map((platform) => (
                <li key={platform}>{PLATFORM_LABELS[platform]}</li>
              ))}
            </ul>
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass} onClick={onClose}>
              Later
            </button>
            <button
              type="button"
              className={primaryClass}
              onClick={() => void navigate('/dashboard/connections')}
            >
              Connect Accounts
            </button>
          </div>
        </div>
      )}
    </WorkDialog>
  );
}

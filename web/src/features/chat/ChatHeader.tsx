import { Bot } from 'lucide-react';
import { useNavigate } from 'react-router';
import { MODE_TEXT } from '@cofounder/shared';
import { MODEL_SETTINGS_PATH, OfflineBadge, UsageMeter } from '@cofounder/shared/ui';
import { useConfig } from '../../data/config/use-config.ts';
import { useModelSettings } from '../../data/model-settings/use-model-settings.ts';
import { useUsageDetails } from '../../data/usage/use-usage-details.ts';
import { UsageDetailsDialog } from './UsageDetailsDialog.tsx';

/**
 * The chat's header: the intern's name, one status, the inline usage meter. The status is "Online" while a model
 * answers this founder, the offline co-founder's badge in its place while that answers (the founder's model
 * settings; the server's mode until they load), and "Typing..." during a reply.
 */
export function ChatHeader({
  userId,
  internName,
  typing,
}: {
  userId: string;
  internName: string;
  typing: boolean;
}) {
  const config = useConfig();
  const modelSettings = useModelSettings();
  const offline = modelSettings.data
    ? modelSettings.data.answering.mode === 'local'
    : config.modes.ai === 'local';
  const usage = useUsageDetails(userId);
  const navigate = useNavigate();
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
      <div className="flex min-w-0 items-center gap-3">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white"
          aria-hidden="true"
        >
          <Bot className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900 dark:text-white">{internName}</h2>
          <div className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            {offline ? (
              <OfflineBadge connect={{ href: MODEL_SETTINGS_PATH, navigate }} />
            ) : (
              <span
                className={`size-2 rounded-full ${typing ? 'animate-pulse bg-amber-500' : 'bg-emerald-500'}`}
                aria-hidden="true"
              />
            )}
            <span aria-live="polite">{typing ? MODE_TEXT.typing : offline ? null : MODE_TEXT.online}</span>
          </div>
        </div>
      </div>
      <div className="flex items-center gap-1">
        <UsageMeter variant="inline" reply={usage.data} error={usage.error} loading={usage.isPending} />
        <UsageDetailsDialog usage={usage} />
      </div>
    </header>
  );
}

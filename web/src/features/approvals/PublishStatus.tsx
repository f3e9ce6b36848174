import { Link } from 'react-router';
import { CircleCheck, Clock, ExternalLink, PlugZap, TriangleAlert } from 'lucide-react';
import type { Approval, PublishState } from '@cofounder/shared';
import { buttonClass } from '../work/labels.ts';
import { APPROVAL_TEXT, untilText } from './texts.ts';

const linkClass =
  'inline-flex items-center gap-1 font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-300';
const rowClass = 'mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm';

/** What became of an approved post: queued, waiting for its platform, published (with its link) or failed. */
export function PublishStatus({
  publish,
  platform,
  retrying,
  onRetry,
}: {
  publish: PublishState;
  platform: Approval['post']['platform'];
  retrying: boolean;
  onRetry: () => void;
}) {
  switch (publish.status) {
    case 'queued':
      return (
        <p className={`${rowClass} text-sky-700 dark:text-sky-300`} data-testid="publish-status">
          <Clock className="size-4" aria-hidden="true" />
          <span>{APPROVAL_TEXT.queued}</span>
          {publish.nextAttemptAt && (
            <span className="text-slate-500 dark:text-slate-400">
              {APPROVAL_TEXT.nextTry(untilText(publish.nextAttemptAt))}
            </span>
          )}
        </p>
      );
    case 'waiting_connection':
      return (
        <p className={`${rowClass} text-amber-700 dark:text-amber-300`} data-testid="publish-status">
          <PlugZap className="size-4" aria-hidden="true" />
          <span>{APPROVAL_TEXT.waiting(platform)}</span>
          <Link to="/dashboard/connections" className={linkClass}>
            {APPROVAL_TEXT.connect(platform)}
          </Link>
        </p>
      );
    case 'published':
      return (
        <p className={`${rowClass} text-emerald-700 dark:text-emerald-300`} data-testid="publish-status">
          <CircleCheck className="size-4" aria-hidden="true" />
          <span>{APPROVAL_TEXT.published}</span>
          {publish.link && (
            <a href={publish.link} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {APPROVAL_TEXT.viewPost}
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          )}
        </p>
      );
    case 'failed':
      return (
        <div className={`${rowClass} text-red-700 dark:text-red-300`} data-testid="publish-status">
          <TriangleAlert className="size-4" aria-hidden="true" />
          <span>{APPROVAL_TEXT.failed(publish.error)}</span>
          <button type="button" className={buttonClass} disabled={retrying} onClick={onRetry}>
            {APPROVAL_TEXT.retry}
          </button>
        </div>
      );
  }
}

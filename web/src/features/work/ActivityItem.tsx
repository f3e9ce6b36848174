import { useState } from 'react';
import { compactPreview, relativeTime, type Activity } from '@cofounder/shared';
import { OfflineDraftLabel } from '@cofounder/shared/ui';
import { ChevronDown, ExternalLink } from 'lucide-react';
import { PLATFORM_LABELS } from './labels.ts';

const PLATFORM_TONES: Record<Activity['platform'], string> = {
  twitter: 'bg-slate-900 text-white dark:bg-white dark:text-slate-900',
  reddit: 'bg-orange-500 text-white',
  linkedin: 'bg-sky-700 text-white',
  hackernews: 'bg-orange-600 text-white',
  instagram: 'bg-pink-600 text-white',
  cofounder: 'bg-indigo-600 text-white',
};

/** One activity: platform, relative time, title or content, subreddit pill, link and the expandable details. */
export function ActivityItem({
  activity,
  compact,
  now,
}: {
  activity: Activity;
  compact: boolean;
  now?: Date;
}) {
  const [open, setOpen] = useState(false);
  const heading = activity.title || compactPreview(activity.content);
  const details = [
    ['Strategy', activity.reasoning],
    ['Content', activity.content],
    ['Expected Outcome', activity.outcome],
  ].filter((entry): entry is [string, string] => !!entry[1]);

  return (
    <li className="py-3" data-testid="activity">
      <div className="flex items-start gap-3">
        <span
          className={`mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-bold ${PLATFORM_TONES[activity.platformIcon]}`}
          aria-hidden="true"
        >
          {PLATFORM_LABELS[activity.platformIcon].slice(0, 1)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
            <span className="font-medium text-slate-700 dark:text-slate-200">
              {PLATFORM_LABELS[activity.platform]}
            </span>
            {activity.subreddit && (
              <span className="rounded-full bg-orange-100 px-2 py-0.5 font-medium text-orange-800 dark:bg-orange-500/15 dark:text-orange-300">
                r/{activity.subreddit.replace(/^r\//, '')}
              </span>
            )}
            <time dateTime={activity.timestamp}>{relativeTime(activity.timestamp, now)}</time>
            <OfflineDraftLabel producedBy={activity.producedBy} />
          </div>
          {compact ? (
            <p className="mt-1 truncate text-sm text-slate-800 dark:text-slate-100">
              {compactPreview(heading)}
            </p>
          ) : (
            <>
              <p className="mt-1 text-sm font-medium text-slate-900 dark:text-white">{heading}</p>
              {activity.title && (
                <p className="mt-1 text-sm whitespace-pre-line text-slate-600 dark:text-slate-300">
                  {compactPreview(activity.content)}
                </p>
              )}
            </>
          )}
          {!compact && (
            <div className="mt-2 flex flex-wrap items-center gap-3 text-xs">
              {activity.link && (
                <a
                  href={activity.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-indigo-600 hover:underline dark:text-indigo-400"
                >
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  View post
                </a>
              )}
              {details.length > 0 && (
                <button
                  type="button"
                  aria-expanded={open}
                  onClick={() => setOpen((v) => !v)}
                  className="inline-flex items-center gap-1 font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                >
                  <ChevronDown
                    className={`size-3.5 transition ${open ? 'rotate-180' : ''}`}
                    aria-hidden="true"
                  />
                  {open ? 'Hide details' : 'Show details'}
                </button>
              )}
            </div>
          )}
          {!compact && open && (
            <dl className="mt-2 space-y-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900">
              {details.map(([label, text]) => (
                <div key={label}>
                  <dt className="text-xs font-semibold text-slate-500 uppercase dark:text-slate-400">
                    {label}
                  </dt>
                  <dd className="mt-0.5 whitespace-pre-line text-slate-800 dark:text-slate-100">{text}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
    </li>
  );
}

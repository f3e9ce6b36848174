import { X } from 'lucide-react';
import type { PageContext } from '../../schemas/chat.ts';

/**
 * "📎 {title}": the page attached to a message. Under a sent message it links to the page; above the composer
 * it can be removed before sending.
 */
export function PageChip({ page, onRemove, className = '' }: { page: PageContext; onRemove?: () => void; className?: string }) {
  const title = page.title.trim() || page.url;
  // Only web pages are links: a stored URL is the founder's page, but never a script to run on click.
  const linkable = /^https?:/i.test(page.url);
  return (
    <span
      data-kind="page-chip"
      title={page.selection ? `${page.url}\n\n"${page.selection}"` : page.url}
      className={`inline-flex max-w-full items-center gap-1 rounded-full border border-slate-300 bg-white px-2.5 py-0.5 text-xs text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 ${className}`}
    >
      {onRemove || !linkable ? (
        <span className="truncate">📎 {title}</span>
      ) : (
        <a href={page.url} target="_blank" rel="noreferrer" className="truncate hover:underline">
          📎 {title}
        </a>
      )}
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${title}`}
          className="-mr-1 inline-flex size-4 shrink-0 items-center justify-center rounded-full hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:hover:bg-slate-700"
        >
          <X className="size-3" aria-hidden="true" />
        </button>
      )}
    </span>
  );
}

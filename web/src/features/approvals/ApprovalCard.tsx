import { useState } from 'react';
import { ApprovalPost, type Approval } from '@cofounder/shared';
import { buttonClass, cardClass, primaryClass } from '../work/labels.ts';
import { POST_LIMITS } from '@cofounder/shared';
import { OfflineDraftLabel } from '@cofounder/shared/ui';
import { PublishStatus } from './PublishStatus.tsx';

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white p-2 text-sm dark:border-slate-700 dark:bg-slate-900';

/** Whether an edited post can be sent: the same shared schema the server checks it with. */
const postValid = (post: ApprovalPost) => ApprovalPost.safeParse(post).success;

function PostView({ post }: { post: ApprovalPost }) {
  if (post.platform === 'twitter')
    return <p className="whitespace-pre-wrap text-sm text-slate-800 dark:text-slate-200">{post.text}</p>;
  return (
    <div className="space-y-1 text-sm text-slate-800 dark:text-slate-200">
      <p className="text-xs font-medium text-slate-500">r/{post.subreddit}</p>
      <p className="font-semibold">{post.title}</p>
      <p className="whitespace-pre-wrap">{post.body}</p>
    </div>
  );
}

function PostEditor({ post, onChange }: { post: ApprovalPost; onChange: (p: ApprovalPost) => void }) {
  if (post.platform === 'twitter') {
    const over = post.text.length > POST_LIMITS.tweetMaxChars;
    return (
      <div className="text-sm text-slate-800 dark:text-slate-200">
        <label className="block">
          Post text
          <textarea
            className={inputClass}
            rows={4}
            value={post.text}
            onChange={(e) => onChange({ ...post, text: e.target.value })}
          />
        </label>
        <span
          data-testid="char-counter"
          className={`mt-1 block text-xs ${over ? 'text-red-600' : 'text-slate-500'}`}
          aria-live="polite"
        >
          {post.text.length}/{POST_LIMITS.tweetMaxChars}
        </span>
      </div>
    );
  }
  return (
    <div className="space-y-2 text-sm text-slate-800 dark:text-slate-200">
      <label className="block">
        Subreddit
        <input
          className={inputClass}
          value={post.subreddit}
          onChange={(e) => onChange({ ...post, subreddit: e.target.value })}
        />
      </label>
      <label className="block">
        Title
        <input
          className={inputClass}
          value={post.title}
          onChange={(e) => onChange({ ...post, title: e.target.value })}
        />
      </label>
      <label className="block">
        Body
        <textarea
          className={inputClass}
          rows={6}
          value={post.body}
          onChange={(e) => onChange({ ...post, body: e.target.value })}
        />
      </label>
    </div>
  );
}

/**
 * One drafted post: Approve, Edit (then "Approve edited"), Reject; decided ones are shown read-only, approved
 * ones with their publish state.
 */
export function ApprovalCard({
  approval,
  busy,
  onDecide,
  onRetry,
}: {
  approval: Approval;
  busy: boolean;
  onDecide: (decision: 'approve' | 'reject', edited?: ApprovalPost) => void;
  onRetry: () => void;
}) {
  const [editing, setEditing] = useState<ApprovalPost | null>(null);
  const platform = approval.post.platform === 'twitter' ? 'X post' : 'Reddit post';
  return (
    <li className={cardClass} data-testid="approval" data-platform={approval.post.platform}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{platform}</h2>
          <OfflineDraftLabel producedBy={approval.producedBy} />
        </div>
        <time className="text-xs text-slate-500" dateTime={approval.createdAt}>
          {new Date(approval.createdAt).toLocaleString()}
        </time>
      </div>
      {editing ? <PostEditor post={editing} onChange={setEditing} /> : <PostView post={approval.post} />}
      {approval.status === 'approved' && approval.publish && (
        <PublishStatus
          publish={approval.publish}
          platform={approval.post.platform}
          retrying={busy}
          onRetry={onRetry}
        />
      )}
      {approval.status === 'pending' && (
        <div className="mt-4 flex flex-wrap gap-2">
          {editing ? (
            <>
              <button
                type="button"
                className={primaryClass}
                disabled={busy || !postValid(editing)}
                onClick={() => onDecide('approve', editing)}
              >
                Approve edited
              </button>
              <button type="button" className={buttonClass} onClick={() => setEditing(null)}>
                Cancel edit
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className={primaryClass}
                disabled={busy}
                onClick={() => onDecide('approve')}
              >
                Approve
              </button>
              <button type="button" className={buttonClass} onClick={() => setEditing(approval.post)}>
                Edit
              </button>
            </>
          )}
          <button type="button" className={buttonClass} disabled={busy} onClick={() => onDecide('reject')}>
            Reject
          </button>
        </div>
      )}
    </li>
  );
}

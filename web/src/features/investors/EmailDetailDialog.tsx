import { useState } from 'react';
import { toast } from 'react-toastify';
import { Check, X } from 'lucide-react';
import { ApiError, type ApproveEmailBody, type PendingEmail } from '@cofounder/shared';
import { useApproveEmail } from '../../data/investors/use-approve-email.ts';
import { Spinner } from '../layout/Spinner.tsx';
import { buttonClass, primaryClass } from '../work/labels.ts';
import { WorkDialog } from '../work/WorkDialog.tsx';
import { INVESTOR_TEXT, dateTime } from './texts.ts';

interface EmailDetailDialogProps {
  userId: string;
  email: PendingEmail;
  onClose: () => void;
}

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
const labelClass = 'block text-sm font-medium text-slate-700 dark:text-slate-300';

/** What Approve & Send posts: only the fields the founder changed go with it (the server keeps the rest). */
export function approvalBody(email: PendingEmail, subject: string, body: string): ApproveEmailBody {
  const out: ApproveEmailBody = { approved: true };
  if (subject.trim() !== email.subject.trim()) out.subject = subject.trim();
  if (body.trim() !== email.body.trim()) out.body = body.trim();
  return out;
}

function Reasons({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {title}
      </h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700 dark:text-slate-300">
        {items.map((item, i) => (
          <li key={`${item}-${i}`}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Spec 2 §2 email detail modal: the draft to one investor, editable, with why it was written this way; Approve &
 * Send or Reject. Both are disabled while a decision is on its way; a 409 means it was already decided elsewhere.
 */
export function EmailDetailDialog({ userId, email, onClose }: EmailDetailDialogProps) {
  const decide = useApproveEmail(userId);
  const [subject, setSubject] = useState(email.subject);
  const [body, setBody] = useState(email.body);
  const [error, setError] = useState<string | null>(null);
  const [handled, setHandled] = useState(false);

  const invalid =
    subject.trim() === '' ? 'Subject is required' : body.trim() === '' ? 'Body is required' : null;

  const send = (approved: boolean) => {
    setError(null);
    decide.mutate(
      { emailId: email.id, body: approved ? approvalBody(email, subject, body) : { approved: false } },
      {
        onSuccess: () => {
          toast.success(approved ? INVESTOR_TEXT.sent(email.investorName) : INVESTOR_TEXT.rejected);
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409) {
            setHandled(true);
            setError(INVESTOR_TEXT.alreadyHandled);
            return;
          }
          const fallback = approved ? INVESTOR_TEXT.sendFailed : INVESTOR_TEXT.rejectFailed;
          setError(e instanceof ApiError && e.status < 500 ? e.message : fallback);
        },
      },
    );
  };

  const busy = decide.isPending;
  const approving = busy && decide.variables.body.approved;
  const firm = email.investorFirm ? ` · ${email.investorFirm}` : '';
  return (
    <WorkDialog
      open
      onClose={onClose}
      title={`Email to ${email.investorName}`}
      description={`${email.investorName}${firm} · drafted ${dateTime(email.createdAt)}`}
      wide
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid && !handled) send(true);
        }}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <span className="font-medium">To: </span>
          <span data-testid="email-recipient">{email.recipientEmail}</span>
        </p>
        <label className={labelClass}>
          Subject
          <input
            className={inputClass}
            value={subject}
            maxLength={200}
            disabled={busy || handled}
            onChange={(e) => setSubject(e.target.value)}
          />
        </label>
        <label className={labelClass}>
          Body
          <textarea
            className={`${inputClass} min-h-56 font-sans leading-relaxed`}
            value={body}
            disabled={busy || handled}
            onChange={(e) => setBody(e.target.value)}
          />
        </label>
        <section
          aria-label="Personalization"
          className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900/60"
        >
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Why this email</h3>
          <Reasons title="Connection points" items={email.personalization.connectionPoints} />
          <Reasons title="Portfolio mentions" items={email.personalization.portfolioMentions} />
          {email.personalization.reasoning && (
            <div>
              <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                Reasoning
              </h4>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {email.personalization.reasoning}
              </p>
            </div>
          )}
        </section>
        {(error ?? invalid) && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error ?? invalid}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <button
            type="button"
            className={buttonClass}
            disabled={busy || handled}
            onClick={() => send(false)}
          >
            {busy && !approving ? <Spinner /> : <X className="size-4" aria-hidden="true" />}
            Reject
          </button>
          <button type="submit" className={primaryClass} disabled={busy || handled || invalid !== null}>
            {approving ? <Spinner /> : <Check className="size-4" aria-hidden="true" />}
            Approve & Send
          </button>
        </div>
      </form>
    </WorkDialog>
  );
}

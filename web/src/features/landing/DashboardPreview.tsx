import type { TaskCategory, TaskStatus, UsageReply } from '@cofounder/shared';
import { UsageMeter } from '@cofounder/shared/ui';
import { SuccessRing } from '../work/SuccessRing.tsx';
import { CATEGORY_LABELS, STATUS_LABELS, STATUS_TONES } from '../work/labels.ts';

/*
 * The hero's dashboard preview, drawn with the product's own presentational pieces (the usage meter, the Work
 * screen's status chips and success ring) over sample data, so it always looks like the real dashboard. The chat
 * bubbles copy the chat's styling instead of importing MessageBubble, which would bring the Markdown renderer
 * onto the landing page's JS budget.
 */

const NOW = new Date('2025-06-12T10:00:00Z');

const SAMPLE_USAGE: UsageReply = {
  success: true,
  plan: { name: 'Builder', current: 'builder' },
  usage: {
    messages: { used: 1240, limit: 5000, remaining: 3760, percentage: 25, unlimited: false },
    tasks: { used: 86, limit: 300, remaining: 214, percentage: 29, unlimited: false },
    voiceMinutes: { used: 95, limit: 600, remaining: 505, percentage: 16, unlimited: false },
  },
  warnings: { messageLimit: null, taskLimit: null, voiceLimit: null },
  currentMonth: { resetDate: '2025-07-01T00:00:00Z' },
};

const SAMPLE_TASKS: { title: string; category: TaskCategory; status: TaskStatus }[] = [
  { title: 'Build the waitlist landing page', category: 'development', status: 'completed' },
  { title: 'Draft a launch thread for X', category: 'marketing', status: 'in_progress' },
  { title: 'Shortlist 20 pre-seed investors', category: 'investor_outreach', status: 'pending' },
];

export function DashboardPreview() {
  return (
    <figure className="mx-auto w-full max-w-5xl text-left">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 shadow-2xl shadow-indigo-900/10 dark:border-slate-800 dark:bg-slate-950">
        <div
          className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800"
          aria-hidden="true"
        >
          <span className="size-3 rounded-full bg-red-400" />
          <span className="size-3 rounded-full bg-amber-400" />
          <span className="size-3 rounded-full bg-emerald-400" />
        </div>
        <div className="grid gap-4 p-4 sm:p-6 lg:grid-cols-3">
          <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 lg:col-span-2 dark:border-slate-800 dark:bg-slate-900">
            <p className="text-base font-semibold text-slate-900 dark:text-white">Co-Founder Activity</p>
            <ul className="space-y-2">
              {SAMPLE_TASKS.map((task) => (
                <li
                  key={task.title}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 px-3 py-2 dark:border-slate-800"
                >
                  <span className="text-sm text-slate-800 dark:text-slate-100">
                    {task.title}
                    <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">
                      {CATEGORY_LABELS[task.category]}
                    </span>
                  </span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONES[task.status]}`}
                  >
                    {STATUS_LABELS[task.status]}
                  </span>
                </li>
              ))}
            </ul>
            <div className="space-y-2 border-t border-slate-200 pt-3 dark:border-slate-800">
              <p className="max-w-[85%] rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-2 text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100">
                <span className="sr-only">Intern: </span>I drafted your launch thread. Want me to queue it for
                Tuesday morning?
              </p>
              <p className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-600 px-4 py-2 text-sm text-white">
                <span className="sr-only">You: </span>Yes, and send me the investor shortlist tomorrow.
              </p>
            </div>
          </div>
          <div className="space-y-4">
            <UsageMeter reply={SAMPLE_USAGE} now={NOW} />
            <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
              <SuccessRing percent={94} />
              <p className="text-sm text-slate-600 dark:text-slate-300">Tasks completed successfully</p>
            </div>
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-sm text-slate-500 dark:text-slate-400">
        A preview of the dashboard, with sample data.
      </figcaption>
    </figure>
  );
}

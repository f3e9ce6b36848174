import { Lightbulb, Rocket, Search } from 'lucide-react';

/** The empty chat's three suggested prompts (spec 1 §2): refine the idea, go-to-market, market research. */
export const SUGGESTED_PROMPTS = [
  { Icon: Lightbulb, title: 'Refine my business idea', prompt: 'Help me refine my business idea.' },
  {
    Icon: Rocket,
    title: 'Go-to-market strategy',
    prompt: 'What go-to-market strategy should I use for my startup?',
  },
  { Icon: Search, title: 'Market research', prompt: 'Help me research my market and competitors.' },
] as const;

/** Shown while the conversation is empty; choosing a prompt sends it. */
export function SuggestedPrompts({
  internName,
  onPick,
  disabled,
}: {
  internName: string;
  onPick: (prompt: string) => void;
  disabled: boolean;
}) {
  return (
    <div className="m-auto flex max-w-xl flex-col items-center gap-6 py-10 text-center">
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
          Start a conversation with {internName}
        </h2>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
          Ask anything about your startup, or pick one of these to begin.
        </p>
      </div>
      <ul className="grid w-full gap-3 sm:grid-cols-3">
        {SUGGESTED_PROMPTS.map(({ Icon, title, prompt }) => (
          <li key={title}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(prompt)}
              className="flex h-full w-full flex-col items-start gap-2 rounded-xl border border-slate-200 bg-white p-4 text-left text-sm hover:border-indigo-400 hover:bg-indigo-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-indigo-500 dark:hover:bg-indigo-500/10"
            >
              <Icon className="size-5 text-indigo-500" aria-hidden="true" />
              <span className="font-medium text-slate-900 dark:text-white">{title}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

import type { ReactNode } from 'react';
import { CheckCircle2, CircleSlash } from 'lucide-react';

/** One titled block of the diagnostic panel: a heading and a definition list. */
export function DebugCard({ title, children }: { title: string; children: ReactNode }) {
  const id = `debug-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-950"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <dl className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">{children}</dl>
    </section>
  );
}

/** A label and its value, side by side from the small breakpoint up. */
export function DebugRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="break-words text-slate-900 sm:col-span-2 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** A yes/no state in words and colour (the words carry the meaning; the icon is decoration). */
export function Flag({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  const Icon = on ? CheckCircle2 : CircleSlash;
  return (
    <span
      className={`inline-flex items-center gap-1.5 font-medium ${on ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-600 dark:text-slate-400'}`}
    >
      <Icon className="size-4" aria-hidden="true" />
      {on ? yes : no}
    </span>
  );
}

/** A provider mode badge: real services vs this machine. */
export function ModeBadge({ mode }: { mode: 'local' | 'real' }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${
        mode === 'real'
          ? 'bg-indigo-100 text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-300'
          : 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300'
      }`}
    >
      {mode === 'real' ? 'Real' : 'Local'}
    </span>
  );
}

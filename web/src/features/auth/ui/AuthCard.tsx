import type { ReactNode } from 'react';

/** The card every auth screen sits in, with the page's one h1. */
export function AuthCard({
  title,
  subtitle,
  icon,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="w-full max-w-md rounded-2xl border border-slate-200 bg-white/90 p-6 shadow-xl shadow-slate-200/50 backdrop-blur sm:p-8 dark:border-slate-800 dark:bg-slate-900/80 dark:shadow-black/30">
      {icon && <div className="mb-4 flex justify-center">{icon}</div>}
      <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {title}
      </h1>
      {subtitle && <p className="mt-2 text-center text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
      <div className="mt-6 space-y-5">{children}</div>
    </section>
  );
}

/** A round icon badge above a result panel's heading. */
export function PanelIcon({ tone, children }: { tone: 'indigo' | 'green' | 'red'; children: ReactNode }) {
  const colours = {
    indigo: 'bg-indigo-100 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300',
    green: 'bg-emerald-100 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-300',
    red: 'bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-300',
  };
  return <div className={`grid size-14 place-items-center rounded-full ${colours[tone]}`}>{children}</div>;
}

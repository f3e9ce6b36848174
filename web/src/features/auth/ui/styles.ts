/** Class strings shared by the auth forms, so every field and button looks and focuses alike. */
export const inputClass =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 placeholder:text-slate-400 shadow-sm transition focus:ring-2 focus:outline-none dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500';
export const inputOk =
  'border-slate-300 focus:border-indigo-500 focus:ring-indigo-500/40 dark:border-slate-700';
export const inputBad = 'border-red-500 focus:border-red-500 focus:ring-red-500/40 dark:border-red-500';

export const primaryButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 dark:focus-visible:ring-offset-slate-950';
export const secondaryButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-medium text-slate-800 shadow-sm transition hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';
export const linkClass =
  'font-medium text-indigo-600 underline-offset-2 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-400';

import { AppLink } from './navigation.tsx';

/** The product mark, always a link to the landing page; its name is the visible "Cofounder" (the "C" is decoration). */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <AppLink
      to="/"
      className={`inline-flex items-center gap-2 rounded-lg font-semibold tracking-tight text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-white ${className}`}
    >
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-sm font-bold text-white shadow"
      >
        C
      </span>
      <span className="text-lg">Cofounder</span>
    </AppLink>
  );
}

import { AppLink } from './navigation.tsx';
import { Logo } from './Logo.tsx';
import { FOOTER_COLUMNS } from './nav-links.ts';

const linkClass =
  'text-sm text-slate-600 hover:text-slate-900 focus-visible:rounded focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-400 dark:hover:text-white';

/** Public footer (spec 1 §2): Company, Legal and Connect columns. */
export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Your AI co-founder for building and growing a startup.
          </p>
        </div>
        {FOOTER_COLUMNS.map((col) => (
          <div key={col.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{col.title}</h2>
            <ul className="mt-3 space-y-2">
              {col.links.map((l) => (
                <li key={l.label}>
                  {l.external ? (
                    <a href={l.to} target="_blank" rel="noopener noreferrer" className={linkClass}>
                      {l.label}
                    </a>
                  ) : (
                    <AppLink to={l.to} className={linkClass}>
                      {l.label}
                    </AppLink>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {/* The prerendered landing page carries the build's year; Preact's hydration writes the visitor's. */}
      <p className="border-t border-slate-200 py-6 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} Cofounder. All rights reserved.
      </p>
    </footer>
  );
}

import type { ReactNode } from 'react';

/** One landing section: an anchorable region named by its h2, with an optional lead line. */
export function Section({
  id,
  title,
  lead,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      // The sticky header is 4rem tall: anchors land below it, not under it.
      className={`scroll-mt-16 py-20 focus:outline-none ${tinted ? 'bg-slate-50 dark:bg-slate-900/60' : ''}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id={headingId}
            className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
          >
            {title}
          </h2>
          {lead && <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{lead}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

export const primaryButtonClass =
  'inline-flex items-center gap-2 rounded-xl bg-indigo-600 px-6 py-3 text-base font-semibold text-white shadow-lg shadow-indigo-600/30 hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-slate-950';

export const cardClass =
  'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900';

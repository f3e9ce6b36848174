import type { ReactNode } from 'react';

/** Six made-up company marks, drawn inline: the pricing page loads no images from the network. */
const LOGOS: { name: string; mark: ReactNode }[] = [
  { name: 'Northwind Labs', mark: <path d="M4 20 L12 4 L20 20 Z" /> },
  { name: 'Brightloop', mark: <circle cx="12" cy="12" r="8" /> },
  { name: 'Quanta Works', mark: <rect x="4" y="4" width="16" height="16" rx="4" /> },
  { name: 'Helio Health', mark: <path d="M12 3 L21 12 L12 21 L3 12 Z" /> },
  { name: 'Pinecrest AI', mark: <path d="M12 3 L19 15 H15 L17 21 H7 L9 15 H5 Z" /> },
  {
    name: 'Orbit Finance',
    mark: <path d="M12 4 a8 8 0 1 0 0.01 0 M12 8 a4 4 0 1 1 -0.01 0" fillRule="evenodd" />,
  },
];

function LogoTile({ name, mark }: { name: string; mark: ReactNode }) {
  return (
    <li className="flex shrink-0 items-center gap-2 px-6 text-slate-500 dark:text-slate-400">
      <svg viewBox="0 0 24 24" className="size-7 fill-current" role="img" aria-label={`${name} logo`}>
        {mark}
      </svg>
      <span className="text-base font-semibold whitespace-nowrap" aria-hidden="true">
        {name}
      </span>
    </li>
  );
}

/**
 * "Trusted by founders": the six logos scroll sideways in a loop (a second, hidden copy makes the loop seamless);
 * with reduced motion they stand still and wrap.
 */
export function LogoCarousel() {
  return (
    <section aria-labelledby="logos-heading" className="mt-16 overflow-hidden">
      <h2
        id="logos-heading"
        className="text-center text-sm font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400"
      >
        Trusted by founders at
      </h2>
      <div className="mt-6 flex w-max motion-safe:animate-[billing-marquee_40s_linear_infinite] motion-reduce:w-full motion-reduce:flex-wrap motion-reduce:justify-center">
        <ul className="flex motion-reduce:flex-wrap motion-reduce:justify-center" data-testid="logo-carousel">
          {LOGOS.map((logo) => (
            <LogoTile key={logo.name} {...logo} />
          ))}
        </ul>
        <ul className="flex motion-reduce:hidden" aria-hidden="true">
          {LOGOS.map((logo) => (
            <LogoTile key={logo.name} {...logo} />
          ))}
        </ul>
      </div>
    </section>
  );
}

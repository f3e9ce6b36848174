import type { ReactNode } from 'react';
import { Footer } from './Footer.tsx';
import { MAIN_FOCUS_CLASS, SkipLink } from './SkipLink.tsx';

/** Frame of the public pages: a skip link, the header, the page, the footer (the SPA's and the landing page's). */
export function PublicFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      {header}
      <main id="main" tabIndex={-1} className={`flex-1 ${MAIN_FOCUS_CLASS}`}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

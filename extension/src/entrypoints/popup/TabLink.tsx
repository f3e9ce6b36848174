import type { ReactNode } from 'react';
import { browser } from 'wxt/browser';

/** A link that opens its page in a new browser tab: the popup itself never navigates away. */
export function TabLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className={className}
      onClick={(event) => {
        event.preventDefault();
        void browser.tabs.create({ url: href });
      }}
    >
      {children}
    </a>
  );
}

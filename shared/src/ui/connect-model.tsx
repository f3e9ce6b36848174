import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';

/** Settings → Model's anchor on the settings screen, and the dashboard path every offline label links to. */
export const MODEL_SETTINGS_ANCHOR = 'model';
export const MODEL_SETTINGS_PATH = `/dashboard/settings#${MODEL_SETTINGS_ANCHOR}`;
export const CONNECT_MODEL_TEXT = 'Connect a model';

/** Where "Connect a model" goes: `navigate` keeps a single-page app in place; `newTab` for panels. */
export interface ConnectModelLink {
  href: string;
  newTab?: boolean;
  navigate?: (href: string) => void;
}

/**
 * The link every offline label of a screen uses (issue 23 §3), set once by the front end around its pages: the
 * dashboard's own route, or the dashboard in a new tab from a panel. None: the labels are plain text.
 */
export const ConnectModelContext = createContext<ConnectModelLink | null>(null);

export const useConnectModelLink = () => useContext(ConnectModelContext);

/** An <a> to Settings → Model that navigates in place when it can (a modified click still opens a new tab). */
export function ConnectModelAnchor({
  link: { href, newTab, navigate },
  className,
  label,
  children,
}: {
  link: ConnectModelLink;
  className: string;
  /** The accessible name when the visible text alone would not say where it goes. */
  label?: string;
  children: ReactNode;
}) {
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!navigate || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    <a
      href={href}
      onClick={follow}
      aria-label={label}
      {...(newTab ? { target: '_blank', rel: 'noreferrer' } : {})}
      className={className}
    >
      {children}
    </a>
  );
}

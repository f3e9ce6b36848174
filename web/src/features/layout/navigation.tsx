import {
  createContext,
  useContext,
  useEffect,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
  type Ref,
} from 'react';
import { handOverState } from './nav-state-handover.ts';

/*
 * The link abstraction shared by the SPA and the prerendered landing page (web/landing.html). Layout and landing
 * components render <AppLink to> and call useAppNavigate() instead of react-router's Link / useNavigate: inside the
 * SPA, RootLayout provides the router's (RouterNavigation.tsx); on the landing page and the island pages
 * (src/islands), which must not download react-router, links are plain <a href> and navigating is a full page load.
 */

export type LinkLikeProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** Navigation state for the page it opens (the auth screens pass an address or a message). */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};
export type LinkLike = ComponentType<LinkLikeProps>;

export interface NavigateOptions {
  /** Navigation state for the next page. */
  state?: unknown;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
}

export interface Navigation {
  Link: LinkLike;
  navigate: (to: string, options?: NavigateOptions) => void | Promise<void>;
  /** The current path (the header closes its mobile menu when it changes). */
  pathname: string;
  /** The navigation state the current page was opened with. */
  state: unknown;
}

/** A plain <a>; its state goes to the page it loads through sessionStorage (nav-state-handover.ts). */
export function PlainLink({ to, state, onClick, ...props }: LinkLikeProps) {
  return (
    <a
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) handOverState(to, state);
      }}
      {...props}
    />
  );
}

/**
 * Navigation without a router, on a page at `pathname` that never changes it without a full load: it was opened
 * with `state` (handed over by the page before), and hands its own over to the next.
 */
export function plainNavigation(pathname: string, state?: unknown): Navigation {
  return {
    Link: PlainLink,
    navigate: (to, options = {}) => {
      handOverState(to, options.state);
      if (options.replace) window.location.replace(to);
      else window.location.assign(to);
    },
    pathname,
    state,
  };
}

const NavigationContext = createContext<Navigation>(plainNavigation('/'));

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/** A link to a page of the site: the router's Link in the SPA, a plain <a> on the landing and island pages. */
export function AppLink(props: LinkLikeProps) {
  const { Link } = useContext(NavigationContext);
  return <Link {...props} />;
}

export function useAppNavigate(): Navigation['navigate'] {
  return useContext(NavigationContext).navigate;
}

/** The navigation state the current page was opened with (the router's location state in the SPA). */
export function useNavState(): unknown {
  return useContext(NavigationContext).state;
}

/** Sends the visitor on to `to` in place of this page (react-router's <Navigate replace> in the SPA). */
export function Redirect({ to }: { to: string }) {
  const navigate = useAppNavigate();
  useEffect(() => void navigate(to, { replace: true }), [navigate, to]);
  return null;
}

export function usePathname(): string {
  return useContext(NavigationContext).pathname;
}

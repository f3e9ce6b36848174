import {
  createContext,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
  type Ref,
} from 'react';

/*
 * The link abstraction shared by the SPA and the prerendered landing page (web/landing.html). Layout and landing
 * components render <AppLink to> and call useAppNavigate() instead of react-router's Link / useNavigate: inside the
 * SPA, RootLayout provides the router's (RouterNavigation.tsx); on the landing page and the island pages
 * (src/islands), which must not download react-router, links are plain <a href> and navigating is a full page load.
 */

export type LinkLikeProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};
export type LinkLike = ComponentType<LinkLikeProps>;

/** History state for the next page (the router's navigation state); a full page load has none. */
export interface NavigateOptions {
  state?: unknown;
}

export interface Navigation {
  Link: LinkLike;
  navigate: (to: string, options?: NavigateOptions) => void | Promise<void>;
  /** The current path (the header closes its mobile menu when it changes). */
  pathname: string;
}

export function PlainLink({ to, ...props }: LinkLikeProps) {
  return <a href={to} {...props} />;
}

/** Navigation without a router, on a page at `pathname` that never changes it without a full load. */
export function plainNavigation(pathname: string): Navigation {
  return { Link: PlainLink, navigate: (to) => window.location.assign(to), pathname };
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

export function usePathname(): string {
  return useContext(NavigationContext).pathname;
}

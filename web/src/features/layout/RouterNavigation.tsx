import { useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NavigationProvider, type Navigation } from './navigation.tsx';

/** Inside the SPA, AppLink and useAppNavigate are react-router's (client-side navigation). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const value = useMemo<Navigation>(
    () => ({ Link, navigate: (to, options) => navigate(to, options), pathname, state }),
    [navigate, pathname, state],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}

import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../layout/LoadingScreen.tsx';
import { Redirect } from '../layout/navigation.tsx';
import { useAuth } from './AuthProvider.tsx';
import { clearReturnTo, peekReturnTo, rememberReturnTo } from './return-to.ts';

/** Location state the guard hands to /login: where the visitor was going. */
export interface LoginRedirectState {
  from?: { pathname: string; search: string; hash: string };
  email?: string;
  message?: string;
}

/** Layout route for signed-in pages: loading screen, then the page or /login (remembering where they were). */
export function RequireAuth() {
  const { loading, isAuthenticated, signedOutByUser } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (isAuthenticated) return <Outlet />;
  // A deliberate sign-out ends on the landing page (spec 2 §2), not on /login with a return path.
  if (signedOutByUser) return <Navigate to="/" replace />;
  const from = { pathname: location.pathname, search: location.search, hash: location.hash };
  rememberReturnTo(`${from.pathname}${from.search}${from.hash}`);
  return <Navigate to="/login" replace state={{ from } satisfies LoginRedirectState} />;
}

/**
 * Wraps a guest-only page (login, register, forgot password, verify): signed-in users go to `to`. `paused`
 * keeps the page on screen while it finishes its own flow (the login success message and its timer).
 */
export function GuestOnly({
  to,
  paused = false,
  children,
}: {
  to: string;
  paused?: boolean;
  children: ReactNode;
}) {
  const { loading, isAuthenticated } = useAuth();
  if (paused) return children;
  if (loading) return <LoadingScreen />;
  // Through the link abstraction: /login is also an island page, without a router.
  if (isAuthenticated) return <Redirect to={to} />;
  return children;
}

/** /welcome and /post-login: signed in → the remembered page or /dashboard; signed out → /login. */
export function SignedInRedirect() {
  const { loading, isAuthenticated } = useAuth();
  if (loading) return <LoadingScreen />;
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return <ReturnToRedirect />;
}

/** Reads the remembered page during render (pure) and forgets it in an effect, so double renders agree. */
function ReturnToRedirect() {
  const { key } = useLocation();
  const [target] = useState(() => peekReturnTo() ?? '/dashboard');
  useEffect(() => clearReturnTo(), []);
  // Keyed by history entry: if another navigation lands on this page again, redirect again.
  return <Navigate key={key} to={target} replace />;
}

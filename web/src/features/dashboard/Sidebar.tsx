import { lazy, Suspense, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { LogOut } from 'lucide-react';
import { useApprovalsWaiting } from '../../data/approvals/use-approvals-waiting.ts';
import { APPROVALS_WAITING_SUFFIX } from '../approvals/texts.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { Logo } from '../layout/Logo.tsx';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';
import { SIDEBAR_ITEMS } from './sidebar-items.ts';

// The dialog code (Radix, focus trap, scroll lock) loads when a founder presses Sign Out, not with every page.
const SignOutConfirm = lazy(() => import('./SignOutConfirm.tsx'));

const itemClass =
  (highlighted: boolean) =>
  ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none ${
      highlighted ? 'ring-2 ring-indigo-500 ring-offset-2 ring-offset-white dark:ring-offset-slate-950' : ''
    } ${
      isActive
        ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300'
        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white'
    }`;

/**
 * Dashboard navigation (spec 2 §2); sign-out asks first, and a deliberate sign-out ends on "/". `highlight` is
 * the link the product tour is pointing at.
 */
export function Sidebar({
  onNavigate,
  highlight = null,
}: {
  onNavigate?: () => void;
  highlight?: string | null;
}) {
  const { user, signOut } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const signOutButton = useRef<HTMLButtonElement>(null);
  // Posts, computer actions and investor emails waiting: the same queries the inbox shows, polled.
  const waiting = useApprovalsWaiting(user?.id ?? null);

  async function confirmSignOut() {
    setSigningOut(true);
    try {
      // RequireAuth sees the deliberate sign-out and sends the user to "/" (spec 2 §2).
      await signOut();
    } finally {
      setSigningOut(false);
      setConfirming(false);
    }
  }

  return (
    <div className="flex h-full flex-col gap-4 p-4">
      {/* Below md the top bar already shows the logo above the drawer. */}
      <div className="hidden px-2 md:block">
        <Logo />
      </div>
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto">
        <ul className="space-y-1">
          {SIDEBAR_ITEMS.map(({ label, to, Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={itemClass(highlight === to)}
                data-tour-highlight={highlight === to || undefined}
                onClick={onNavigate}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {label}
                {/* The name is read from the content, so it holds the visible text (WCAG 2.5.3): "Approvals 2 waiting". */}
                {to === '/dashboard/approvals' && waiting > 0 && (
                  <>
                    <span
                      data-testid="approvals-badge"
                      className="ml-auto rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white"
                    >
                      {waiting}
                    </span>
                    <span className="sr-only">{APPROVALS_WAITING_SUFFIX}</span>
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        {user?.email && (
          <p className="truncate px-3 text-xs text-slate-500 dark:text-slate-400" title={user.email}>
            {user.email}
          </p>
        )}
        <ThemeToggle showLabel className="w-full px-3" />
        <button
          ref={signOutButton}
          type="button"
          aria-haspopup="dialog"
          onClick={() => setConfirming(true)}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none dark:text-slate-400 dark:hover:bg-red-500/10 dark:hover:text-red-300"
        >
          <LogOut className="size-4" aria-hidden="true" />
          Sign Out
        </button>
      </div>
      {confirming && (
        <Suspense fallback={null}>
          <SignOutConfirm
            pending={signingOut}
            onCancel={() => setConfirming(false)}
            onConfirm={confirmSignOut}
            returnFocusTo={signOutButton}
          />
        </Suspense>
      )}
    </div>
  );
}

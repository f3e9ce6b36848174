import { Moon, Sun } from 'lucide-react';
import { useTheme } from './ThemeProvider.tsx';

/** Light/dark switch; its name says what pressing it will do. */
export function ThemeToggle({
  className = '',
  showLabel = false,
}: {
  className?: string;
  showLabel?: boolean;
}) {
  const { resolvedTheme, toggleTheme } = useTheme();
  const next = resolvedTheme === 'dark' ? 'light' : 'dark';
  const Icon = next === 'light' ? Sun : Moon;
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={`Switch to ${next} theme`}
      className={`inline-flex items-center gap-2 rounded-lg p-2 text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${className}`}
    >
      <Icon className="size-5" aria-hidden="true" />
      {showLabel && <span className="text-sm">{next === 'light' ? 'Light mode' : 'Dark mode'}</span>}
    </button>
  );
}

import { Monitor, Moon, Sun } from 'lucide-react';
import { THEME_CHOICES } from '@cofounder/shared';
import type { ThemePreference } from './theme.ts';
import { useTheme } from './ThemeProvider.tsx';

const ICONS: Record<ThemePreference, typeof Sun> = { dark: Moon, light: Sun, system: Monitor };

/**
 * The theme selector: dark, light and system side by side, the chosen one pressed. Three buttons rather than a
 * menu, so every choice is one click away and the current one (system included) shows at a glance.
 */
export function ThemeToggle({
  className = '',
  showLabel = false,
}: {
  className?: string;
  showLabel?: boolean;
}) {
  const { theme, setTheme } = useTheme();
  return (
    <div className={`flex items-center justify-between gap-2 ${className}`}>
      {showLabel && <span className="text-sm text-slate-600 dark:text-slate-300">Theme</span>}
      <div
        role="group"
        aria-label="Theme"
        className="inline-flex items-center rounded-lg border border-slate-200 p-0.5 dark:border-slate-700"
      >
        {THEME_CHOICES.map(({ value, label }) => {
          const Icon = ICONS[value];
          const chosen = theme === value;
          return (
            <button
              key={value}
              type="button"
              aria-label={label}
              title={label}
              aria-pressed={chosen}
              onClick={() => setTheme(value)}
              className={`rounded-md p-1.5 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none ${
                chosen
                  ? 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-white'
                  : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
              }`}
            >
              <Icon className="size-4" aria-hidden="true" />
            </button>
          );
        })}
      </div>
    </div>
  );
}

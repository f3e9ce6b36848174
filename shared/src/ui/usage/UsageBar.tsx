import type { UsageCounter } from '../../schemas/usage.ts';
import { usageBarColor, usageBarWidth, type UsageBarColor } from '../../rules/usage.ts';

const FILL: Record<UsageBarColor, string> = {
  red: 'bg-red-500',
  amber: 'bg-amber-500',
  green: 'bg-emerald-500',
  blue: 'bg-blue-500',
};

/** One metered resource: "used / limit" (or "Unlimited") over a bar coloured by spec 1 §9. */
export function UsageBar({
  label,
  counter,
  warning,
  compact = false,
}: {
  label: string;
  counter: UsageCounter;
  warning: string | null;
  compact?: boolean;
}) {
  const color = usageBarColor(counter.percentage, Boolean(warning));
  const width = counter.unlimited ? 0 : usageBarWidth(counter.percentage);
  const amount = counter.unlimited
    ? `${counter.used} · Unlimited`
    : `${counter.used} / ${counter.limit ?? 0}`;
  return (
    <div className={compact ? 'space-y-0.5' : 'space-y-1'}>
      <div className={`flex justify-between gap-2 ${compact ? 'text-xs' : 'text-sm'}`}>
        <span className="font-medium text-slate-700 dark:text-slate-200">{label}</span>
        <span className="text-slate-500 tabular-nums dark:text-slate-400">{amount}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        aria-valuetext={
          counter.unlimited
            ? `${counter.used} used, unlimited`
            : `${counter.used} of ${counter.limit ?? 0} used`
        }
        data-color={color}
        className={`overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800 ${compact ? 'h-1.5' : 'h-2'}`}
      >
        <div
          className={`h-full rounded-full transition-[width] ${FILL[color]}`}
          style={{ width: `${width}%` }}
        />
      </div>
    </div>
  );
}

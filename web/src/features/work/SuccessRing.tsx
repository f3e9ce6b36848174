import { ringOffset, WORK } from '@cofounder/shared';

// Its own module: the landing page's dashboard preview draws it, and must not load the Work screen's router links.

const RADIUS = WORK.successRingCircumference / (2 * Math.PI);

/**
 * The success-rate ring: tasks that reached their goal / total as a percent (successRate: drafts needing the
 * founder's input are not a success), drawn on a circle of circumference 314 (spec 2 §9).
 */
export function SuccessRing({ percent }: { percent: number }) {
  const size = RADIUS * 2 + 12;
  return (
    <div className="relative inline-flex" role="img" aria-label={`Success rate ${percent}%`}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="-rotate-90">
        <circle
          cx={size / 2}
          cy={size / 2}
          r={RADIUS}
          strokeWidth="8"
          fill="none"
          className="stroke-slate-200 dark:stroke-slate-800"
        />
        <circle
          data-testid="success-ring"
          cx={size / 2}
          cy={size / 2}
          r={RADIUS}
          strokeWidth="8"
          fill="none"
          strokeLinecap="round"
          strokeDasharray={WORK.successRingCircumference}
          strokeDashoffset={ringOffset(percent)}
          className="stroke-emerald-500 transition-[stroke-dashoffset]"
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-lg font-bold text-slate-900 dark:text-white">
        {percent}%
      </span>
    </div>
  );
}

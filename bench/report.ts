// What every bench prints (issue 27): one line per figure, in one format that `npm run bench` (scripts/bench.mjs)
// reads back into its summary —
//   <figure>: <value> (floor <value>, ratio <x>) goal <…> PASS|FAIL|INFO|SMOKE
// — the floor measured in the same process and run (— where the figure has none), INFO for a figure with no goal.
// BENCH_SMOKE=1 is the short run `npm test` makes of every bench so that none can rot: one short iteration of each
// measurement, every row printed with SMOKE instead of a verdict, exit 0 unless something throws.

export const SMOKE = process.env.BENCH_SMOKE === '1';

/** A count or duration: `full` normally, `smoke` under BENCH_SMOKE=1. */
export const size = (full: number, smoke: number) => (SMOKE ? smoke : full);

/** A bound on the value itself, on value / floor, or on value − floor ("overhead over the floor"). */
export type Goal = { of: 'value' | 'ratio' | 'over floor' } & ({ max: number } | { min: number });

export interface Row {
  /** What is measured, without ": " (the summary splits on it). */
  figure: string;
  value: number;
  unit: string;
  floor?: number;
  goal?: Goal;
}

let failed = false;

/** Three significant digits or so: 0.123, 1.23, 12.3, 123. */
const number = (n: number) => n.toFixed(Math.max(0, 2 - Math.floor(Math.log10(Math.abs(n) || 1))));
const withUnit = (n: number, unit: string) => (unit ? `${number(n)} ${unit}` : number(n));

function judged(value: number, floor: number | undefined, goal: Goal): boolean {
  if (goal.of !== 'value' && floor === undefined) throw new Error(`A goal on the ${goal.of} needs a floor`);
  const measured = goal.of === 'value' ? value : goal.of === 'ratio' ? value / floor! : value - floor!;
  return 'max' in goal ? measured <= goal.max : measured >= goal.min;
}

function goalText(goal: Goal | undefined, unit: string): string {
  if (!goal) return '—';
  const [sign, bound] = 'max' in goal ? ['≤', goal.max] : ['≥', goal.min];
  if (goal.of === 'ratio') return `ratio ${sign} ${bound}×`;
  if (goal.of === 'over floor') return `${sign} floor + ${withUnit(bound, unit)}`;
  return `${sign} ${withUnit(bound, unit)}`;
}

/** Prints one row and remembers a missed goal for `exitCode()`. */
export function row({ figure, value, unit, floor, goal }: Row): void {
  const ratio = floor === undefined ? '—' : `${(value / floor).toFixed(2)}×`;
  let verdict = 'INFO';
  if (SMOKE) verdict = 'SMOKE';
  else if (goal) {
    const ok = judged(value, floor, goal);
    failed ||= !ok;
    verdict = ok ? 'PASS' : 'FAIL';
  }
  const floorText = floor === undefined ? '—' : withUnit(floor, unit);
  console.log(`${figure}: ${withUnit(value, unit)} (floor ${floorText}, ratio ${ratio}) goal ${goalText(goal, unit)} ${verdict}`);
}

/** 1 when a goal was missed outside smoke mode, else 0. */
export const exitCode = () => (failed && !SMOKE ? 1 : 0);

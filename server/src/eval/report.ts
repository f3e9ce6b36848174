import { EVAL_AREAS, type EvalArea } from './types.ts';
import type { Check } from './grade.ts';

/** The offline co-founder must pass at least this share of the cases (issue 22 §9). */
export const OFFLINE_PASS_THRESHOLD = 0.9;

export interface CaseResult {
  area: EvalArea;
  name: string;
  checks: Check[];
  /** A case that threw (the product answered with an error) fails with this message. */
  error: string | null;
  passed: boolean;
}

export interface AreaRow {
  area: EvalArea | 'total';
  cases: number;
  passed: number;
  rate: number;
}

/** Cases and passes per area (areas with no case left out), then the total. */
export function tally(results: CaseResult[]): AreaRow[] {
  const row = (area: AreaRow['area'], of: CaseResult[]): AreaRow => {
    const passed = of.filter((r) => r.passed).length;
    return { area, cases: of.length, passed, rate: of.length ? passed / of.length : 0 };
  };
  const areas = EVAL_AREAS.map((area) => row(area, results.filter((r) => r.area === area))).filter((r) => r.cases > 0);
  return [...areas, row('total', results)];
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/** The table the command prints: one line per area, the total, then each failed case with its failed checks. */
export function formatReport(results: CaseResult[], producer: string): string {
  const rows = tally(results);
  const line = (cells: string[]) => `${cells[0]!.padEnd(12)} ${cells.slice(1).map((c) => c.padStart(9)).join(' ')}`;
  const table = [
    `Eval of the co-founder (${producer})`,
    line(['area', 'cases', 'passed', 'pass rate']),
    ...rows.map((r) => line([r.area, String(r.cases), String(r.passed), percent(r.rate)])),
  ];
  const failures = results
    .filter((r) => !r.passed)
    .map((r) => {
      const why = r.error ?? r.checks.filter((c) => !c.pass).map((c) => `${c.name} (${c.detail})`).join('; ');
      return `  ✗ [${r.area}] ${r.name}: ${why}`;
    });
  return [...table, ...(failures.length ? ['', 'Failed:', ...failures] : [])].join('\n');
}

import type { ModelConnectionInput } from '@cofounder/shared';
import type { AiProvider } from '../providers/ai/port.ts';
import { chatCases } from './cases/chat.ts';
import { duplicateCases } from './cases/duplicates.ts';
import { onboardingCases } from './cases/onboarding.ts';
import { smsCases } from './cases/sms.ts';
import { taskCases } from './cases/tasks.ts';
import { startEvalEnv } from './env.ts';
import type { CaseResult } from './report.ts';
import type { EvalCase } from './types.ts';

export const ALL_CASES: EvalCase[] = [...chatCases, ...smsCases, ...onboardingCases, ...taskCases, ...duplicateCases];

/** Cases run this many at a time: each has its own founder, and a model answers several requests at once. */
const CONCURRENCY = 4;

/** Runs every case against `ai` (or each founder's `connection`) on one in-memory server and grades it. */
export async function runSuite(
  ai: AiProvider,
  cases: EvalCase[] = ALL_CASES,
  connection?: ModelConnectionInput,
): Promise<CaseResult[]> {
  const env = await startEvalEnv(ai, connection);
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cases.length; i = next++) {
      const c = cases[i]!;
      try {
        const checks = await c.run(env);
        results[i] = { area: c.area, name: c.name, checks, error: null, passed: checks.length > 0 && checks.every((x) => x.pass) };
      } catch (err) {
        results[i] = { area: c.area, name: c.name, checks: [], error: err instanceof Error ? err.message : String(err), passed: false };
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    await env.close();
  }
  return results;
}

import type { ModelTestResponse } from '@cofounder/shared';
import { MODEL_TEXT, requestErrorText, testPassedText } from './model-texts.ts';

/** Test connection's verdict: "Connected · …" or why not in plain words (an alert); always there, to be announced. */
export function TestConnectionResult({
  result,
  error,
}: {
  result: ModelTestResponse | undefined;
  error: unknown;
}) {
  const refused = error ? requestErrorText(error) : null;
  const failure = result && !result.ok ? (result.failure?.message ?? MODEL_TEXT.testFailed) : null;
  return (
    <div aria-live="polite" className="text-sm">
      {refused || failure ? (
        <p role="alert" data-testid="model-test-result" className="text-red-700 dark:text-red-300">
          {refused ?? failure}
        </p>
      ) : (
        result && (
          <p data-testid="model-test-result" className="text-emerald-700 dark:text-emerald-300">
            {testPassedText(result)}
          </p>
        )
      )}
    </div>
  );
}

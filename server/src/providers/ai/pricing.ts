import type { AiUsage } from './port.ts';

/** US dollars per million tokens (input, output), from the providers' public price lists. */
const PRICES: Record<string, { input: number; output: number }> = {
  'gpt-4o': { input: 2.5, output: 10 },
  'computer-use-preview': { input: 3, output: 12 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'o4-mini': { input: 1.1, output: 4.4 },
};

/**
 * The estimated cost of one call. A dated snapshot is priced by its longest known prefix; a model missing from the
 * table (a founder's local or self-hosted model) costs zero here and says its price is unknown, so screens show
 * "unknown price" instead of passing $0 off as a figure.
 */
export function usageOf(model: string, promptTokens: number, completionTokens: number): AiUsage {
  const key = Object.keys(PRICES)
    .filter((name) => model === name || model.startsWith(`${name}-`))
    .sort((a, b) => b.length - a.length)[0];
  const price = key ? PRICES[key]! : { input: 0, output: 0 };
  const costUsd = (promptTokens * price.input + completionTokens * price.output) / 1_000_000;
  const usage = { tokens: promptTokens + completionTokens, costUsd: Math.round(costUsd * 1e6) / 1e6 };
  return key ? usage : { ...usage, priceUnknown: true };
}

/** Two calls' usage together: the price is unknown when either's was. */
export function addUsage(a: AiUsage, b: AiUsage): AiUsage {
  const sum = { tokens: a.tokens + b.tokens, costUsd: Math.round((a.costUsd + b.costUsd) * 1e6) / 1e6 };
  return a.priceUnknown || b.priceUnknown ? { ...sum, priceUnknown: true } : sum;
}

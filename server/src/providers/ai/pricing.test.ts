import { describe, expect, it } from 'vitest';
import { addUsage, usageOf } from './pricing.ts';

describe('usageOf', () => {
  it('prices a listed model, and a dated snapshot by its longest known prefix', () => {
    expect(usageOf('gpt-4o-mini', 1_000_000, 1_000_000)).toEqual({ tokens: 2_000_000, costUsd: 0.75 });
    expect(usageOf('gpt-4o-mini-2024-07-18', 1_000_000, 0)).toEqual({ tokens: 1_000_000, costUsd: 0.15 });
  });

  it('says the price is unknown for a model no list covers (a founder\'s local model), never passing $0 off as a price', () => {
    expect(usageOf('llama3.2:latest', 500, 20)).toEqual({ tokens: 520, costUsd: 0, priceUnknown: true });
  });
});

describe('addUsage', () => {
  it('sums tokens and cost; unknown when either part was', () => {
    expect(addUsage({ tokens: 10, costUsd: 0.001 }, { tokens: 5, costUsd: 0.002 })).toEqual({ tokens: 15, costUsd: 0.003 });
    expect(addUsage({ tokens: 10, costUsd: 0.001 }, { tokens: 5, costUsd: 0, priceUnknown: true })).toEqual({
      tokens: 15,
      costUsd: 0.001,
      priceUnknown: true,
    });
  });
});

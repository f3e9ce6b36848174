import { describe, expect, it } from 'vitest';
import { isUsableToken } from './token.ts';

describe('isUsableToken', () => {
  it('needs more than 10 characters and not the texts undefined or null', () => {
    expect(isUsableToken('12345678901')).toBe(true);
    expect(isUsableToken('1234567890')).toBe(false);
    expect(isUsableToken('undefined')).toBe(false);
    expect(isUsableToken('null')).toBe(false);
    expect(isUsableToken(null)).toBe(false);
    expect(isUsableToken(undefined)).toBe(false);
  });
});

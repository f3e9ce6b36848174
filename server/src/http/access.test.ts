import { describe, expect, it } from 'vitest';
import { requireOwned } from './access.ts';
import { AppError } from './errors.ts';

describe('requireOwned', () => {
  const row = { id: 'a', userId: 'me' };

  it("answers the caller's own object", () => {
    expect(requireOwned(row, 'me', 'Thing not found')).toBe(row);
  });

  it("answers another founder's object exactly like a missing one: 404 with the same text", () => {
    for (const missing of [null, undefined, { id: 'a', userId: 'someone-else' }]) {
      const err = (() => {
        try {
          requireOwned(missing, 'me', 'Thing not found');
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'not_found', status: 404, message: 'Thing not found' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password.ts';

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Weak', 'red'],
    ['abc', 1, 'Weak', 'red'],
    ['abcdefgh', 2, 'Weak', 'red'],
    ['abcdefgH', 3, 'Fair', 'amber'],
    ['abcdefH1', 4, 'Good', 'blue'],
    ['abcdeH1!', 5, 'Strong', 'green'],
    ['Ab1!', 4, 'Good', 'blue'],
  ] as const)('%j scores %i (%s, %s)', (password, score, label, tone) => {
    const s = passwordStrength(password);
    expect(s).toMatchObject({ score, label, tone });
    expect(s.criteria.filter((c) => c.met)).toHaveLength(score);
  });

  it('counts the five criteria of the spec', () => {
    expect(passwordStrength('x').criteria.map((c) => c.id)).toEqual(['length', 'upper', 'lower', 'digit', 'special']);
  });
});

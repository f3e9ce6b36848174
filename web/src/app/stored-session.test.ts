import { describe, expect, it } from 'vitest';
import { hasStoredSession, parseStoredUser, readStoredSessionJson } from './stored-session.ts';

describe('the session supabase-js stored', () => {
  it('is found under any sb-<project>-auth-token key', () => {
    expect(hasStoredSession(localStorage)).toBe(false);
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('sb-auth-token', '{}');
    expect(readStoredSessionJson(localStorage)).toBeNull();
    localStorage.setItem('sb-127-auth-token', '{"user":{"id":"u1","email":"ada@example.com"}}');
    expect(hasStoredSession(localStorage)).toBe(true);
    expect(parseStoredUser(readStoredSessionJson(localStorage))).toEqual({
      id: 'u1',
      email: 'ada@example.com',
    });
  });

  it('gives no user for anything that is not a session', () => {
    for (const json of [null, '', 'not json', 'null', '42', '{}', '{"user":null}', '{"user":"x"}'])
      expect(parseStoredUser(json), String(json)).toBeNull();
    expect(parseStoredUser('{"user":{"id":7}}')).toEqual({ id: null, email: null });
  });
});

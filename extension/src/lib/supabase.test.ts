import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '@cofounder/shared';
import { createSupabase } from './supabase.ts';

const config = { supabaseUrl: null, supabaseAnonKey: 'anon-key' } as PublicConfig;

describe("a page's auth client", () => {
  it('is one instance for one server, however often a view asks (no "Multiple GoTrueClient instances")', () => {
    const first = createSupabase('http://localhost:3000', config, { autoRefreshToken: false });
    expect(createSupabase('http://localhost:3000', { ...config }, { autoRefreshToken: false })).toBe(first);
  });

  it('is a new instance once the page talks to another server', () => {
    const first = createSupabase('http://localhost:3000', config);
    const other = createSupabase('http://127.0.0.1:3100', config);
    expect(other).not.toBe(first);
    expect(createSupabase('http://127.0.0.1:3100', config)).toBe(other);
  });
});

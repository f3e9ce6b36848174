import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateTokenKey } from '../features/auth/secret.ts';
import { decryptToken, encryptToken, pkceChallenge } from './crypto.ts';

describe('token crypto', () => {
  const key = Buffer.alloc(32, 1);

  it('round-trips, with a fresh IV each time, and never contains the plain token', () => {
    const a = encryptToken(key, 'provider-token-123');
    const b = encryptToken(key, 'provider-token-123');
    expect(a).not.toBe(b);
    expect(a).not.toContain('provider-token-123');
    expect(decryptToken(key, a)).toBe('provider-token-123');
  });

  it('returns null for another key, a tampered value or garbage', () => {
    const sealed = encryptToken(key, 'secret');
    expect(decryptToken(Buffer.alloc(32, 2), sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(decryptToken(key, parts.join('.'))).toBeNull();
    expect(decryptToken(key, 'not-a-token')).toBeNull();
    expect(decryptToken(key, '')).toBeNull();
  });

  it('computes the RFC 7636 S256 challenge', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('generates the key once into DATA_DIR/token-key with mode 0600', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cofounder-key-'));
    const first = loadOrCreateTokenKey(dir);
    expect(first).toHaveLength(32);
    expect(loadOrCreateTokenKey(dir)).toEqual(first);
    expect(statSync(join(dir, 'token-key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'token-key'), 'utf8').trim()).toBe(first.toString('base64'));
  });
});

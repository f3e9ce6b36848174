import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The local auth secret: AUTH_JWT_SECRET when set, else one generated on first start and kept in
 * DATA_DIR/auth-secret (mode 0600) so sessions and the anon key survive restarts.
 */
export function loadOrCreateAuthSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': when two processes start at once on a shared DATA_DIR, one writes and the other reads its secret.
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} is damaged (shorter than 32 characters); delete it to generate a new one`);
  return secret;
}

/** The social token key: TOKEN_ENCRYPTION_KEY when set, else 32 random bytes kept in DATA_DIR/token-key (0600). */
export function loadOrCreateTokenKey(dataDir: string): Buffer {
  const file = join(dataDir, 'token-key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} is damaged (not 32 bytes of base64); delete it to generate a new one`);
  return key;
}

// AES-256-GCM sealing of provider secrets at rest (social tokens, founders' model keys), and the hashes and random tokens of
// the OAuth flows.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** AES-256-GCM with a random 12-byte IV: "v1.<iv>.<tag>.<ciphertext>", each part base64url. */
export function encryptToken(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The plain token, or null when the value is damaged or was sealed with another key (never throws). */
export function decryptToken(key: Buffer, sealed: string): string | null {
  try {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** SHA-256 hex: OAuth states and confirmation handles are stored only as their hash. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** PKCE S256 challenge of a verifier. */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

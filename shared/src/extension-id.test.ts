import { describe, expect, it } from 'vitest';
import { EXTENSION } from './constants.ts';

/** Chrome's rule: the first 32 hex digits of sha256(public key DER), each digit 0-f written as a-p. */
async function idOf(publicKeyBase64: string): Promise<string> {
  const der = Uint8Array.from(atob(publicKeyBase64), (c) => c.charCodeAt(0));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', der));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, 32);
  return [...hex].map((d) => String.fromCharCode(97 + parseInt(d, 16))).join('');
}

describe('the extension id', () => {
  it('is the one Chrome derives from the manifest key', async () => {
    expect(await idOf(EXTENSION.publicKey)).toBe(EXTENSION.id);
  });
});

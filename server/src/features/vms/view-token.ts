import { createHmac, timingSafeEqual } from 'node:crypto';
import { VMS } from '@cofounder/shared';

// The live-view token GET /api/vms/{id}/vnc hands out for a local machine: the "password" of its screen
// stream. It lets the monitor socket subscribe to that one machine of that one founder until it expires, so a
// view URL that leaks (a shared screen, a log) does not open the founder's other machines or their account.

/** Every view token starts with this, so the monitor socket tells it apart from an access token (a JWT). */
export const VIEW_TOKEN_PREFIX = 'vmview.';

export interface ViewGrant {
  userId: string;
  vmId: string;
  expiresAt: Date;
}

export interface ViewTokens {
  mint(userId: string, vmId: string): { token: string; expiresAt: Date };
  /** The grant of a valid, unexpired token; null for anything else. */
  verify(token: string): ViewGrant | null;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/**
 * Tokens signed with HMAC-SHA256 under a key derived from `secret` (the server's token key), so the key that
 * seals provider tokens is never used directly for a second purpose.
 */
export function createViewTokens(secret: Buffer, now: () => number = Date.now, ttlMs: number = VMS.viewTokenTtlMs): ViewTokens {
  const key = createHmac('sha256', secret).update('cofounder vm view token v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    mint(userId, vmId) {
      const expiresAt = new Date(now() + ttlMs);
      const payload = b64(JSON.stringify({ u: userId, v: vmId, e: expiresAt.getTime() }));
      return { token: `${VIEW_TOKEN_PREFIX}${payload}.${b64(sign(payload))}`, expiresAt };
    },
    verify(token) {
      if (!token.startsWith(VIEW_TOKEN_PREFIX)) return null;
      const [payload, signature, extra] = token.slice(VIEW_TOKEN_PREFIX.length).split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const { u, v, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
        if (typeof u !== 'string' || typeof v !== 'string' || typeof e !== 'number' || e <= now()) return null;
        return { userId: u, vmId: v, expiresAt: new Date(e) };
      } catch {
        return null;
      }
    },
  };
}

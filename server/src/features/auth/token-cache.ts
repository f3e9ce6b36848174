import type { AuthedUser } from '../../http/token-verifier.ts';

interface Entry {
  user: AuthedUser;
  expiresAtMs: number;
}

/**
 * Verified access tokens, so a hot route skips the HMAC check and the session lookup. A Map keeps insertion
 * order, which makes it an LRU: a hit is moved to the end, the oldest entry is evicted first.
 * Entries live at most `maxAgeMs` even if the token lives longer, which bounds how long a sign-out done by
 * another server process (one sharing the Postgres) goes unnoticed here; this process forgets at once.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
    private readonly maxAgeMs = 60_000,
  ) {}

  get(token: string): AuthedUser | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    this.entries.delete(token);
    if (entry.expiresAtMs <= this.now()) return undefined;
    this.entries.set(token, entry);
    return entry.user;
  }

  set(token: string, user: AuthedUser, tokenExpiresAtMs: number): void {
    this.entries.delete(token);
    this.entries.set(token, { user, expiresAtMs: Math.min(tokenExpiresAtMs, this.now() + this.maxAgeMs) });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  forget(match: (user: AuthedUser) => boolean): void {
    for (const [token, entry] of this.entries) if (match(entry.user)) this.entries.delete(token);
  }
}

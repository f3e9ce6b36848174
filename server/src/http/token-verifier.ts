/** The caller as every authenticated route sees it, whichever auth provider issued the token. */
export interface AuthedUser {
  id: string;
  email: string;
  /** The auth session the token belongs to (null for hosted tokens without one). */
  sessionId: string | null;
  userMetadata: Record<string, unknown>;
}

export type TokenFailure = 'invalid' | 'expired' | 'session_not_found';

/** Why a bearer token was refused; routes map the reason to their own wire format. */
export class TokenError extends Error {
  override name = 'TokenError';
  constructor(
    readonly reason: TokenFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The auth provider port used by /api, the monitor socket and local /auth/v1. Local mode checks our own
 * sessions table; hosted mode checks Supabase's signature. Both cache verified tokens, so code that revokes
 * a session or removes a user must call forget* to make the change visible at once in this process.
 */
export interface TokenVerifier {
  /** Resolves the user of a valid access token; throws TokenError otherwise. */
  verify(token: string): Promise<AuthedUser>;
  forgetSession(sessionId: string): void;
  forgetUser(userId: string): void;
}

/** Reads a bearer token from an Authorization header value; null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

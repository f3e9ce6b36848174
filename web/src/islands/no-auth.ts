import type { AuthClient } from '../features/auth/auth-client.ts';

/** A server render's auth client: nothing calls it during a render (only effects and handlers do, and neither runs). */
export const noAuthOnTheServer = new Proxy({} as AuthClient, {
  get(_target, method) {
    throw new Error(`auth.${String(method)} was called during a server render`);
  },
});

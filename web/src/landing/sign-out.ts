import { createApi } from '@cofounder/shared';
import { createLazyAuthClient } from '../app/lazy-auth.ts';
import { signOutExtension } from '../features/extension/extension-messaging.ts';

/**
 * Signing out from the landing page's header, loaded only when pressed: the public config (which auth server),
 * then supabase-js through the lazy auth client, as the SPA signs out; the extension is signed out too.
 */
export async function signOut(): Promise<void> {
  const config = await createApi({ baseUrl: '', getToken: () => null }).config();
  void signOutExtension();
  const auth = createLazyAuthClient(() =>
    import('../app/supabase.ts').then((m) => m.createAuthClient(config)),
  );
  await auth.signOut();
}

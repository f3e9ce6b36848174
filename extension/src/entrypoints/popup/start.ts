import { readStoredUser } from '../../lib/auth-storage.ts';
import { readGlance, type Glance } from '../../lib/glance.ts';
import { loadServerUrl } from '../../lib/server-url.ts';

/** What the popup can show before it has talked to the server: the stored user and their cached numbers. */
export interface PopupStart {
  serverUrl: string;
  user: { id: string; email: string } | null;
  glance: Glance | null;
}

export async function readPopupStart(): Promise<PopupStart> {
  const [serverUrl, user] = await Promise.all([loadServerUrl(), readStoredUser()]);
  return { serverUrl, user, glance: user ? await readGlance(serverUrl, user.id) : null };
}

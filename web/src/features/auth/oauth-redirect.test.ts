import { describe, expect, it, vi } from 'vitest';
import { createFakeAuth } from '../../test/fake-auth.ts';
import { adoptOAuthRedirect } from './oauth-redirect.ts';

function at(url: string) {
  const parsed = new URL(url, 'http://localhost:3000');
  const location = { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash } as Location;
  const history = { state: null, replaceState: vi.fn() } as unknown as History;
  return { location, history };
}

describe('adoptOAuthRedirect', () => {
  it('keeps the session an OAuth return carries and cleans the URL', async () => {
    const auth = createFakeAuth();
    const { location, history } = at('/dashboard/chat#access_token=a&refresh_token=r&token_type=bearer');
    await adoptOAuthRedirect(auth, location, history);
    expect(auth.setSession).toHaveBeenCalledWith({ access_token: 'a', refresh_token: 'r' });
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/dashboard/chat');
  });

  it('leaves confirmation and reset links to their pages', async () => {
    const auth = createFakeAuth();
    for (const url of [
      '/verify-email#access_token=a&refresh_token=r&type=signup',
      '/reset-password#access_token=a&refresh_token=r',
    ]) {
      const { location, history } = at(url);
      await adoptOAuthRedirect(auth, location, history);
    }
    expect(auth.setSession).not.toHaveBeenCalled();
  });

  it('ignores hashes without tokens', async () => {
    const auth = createFakeAuth();
    const { location, history } = at('/#features');
    await adoptOAuthRedirect(auth, location, history);
    expect(auth.setSession).not.toHaveBeenCalled();
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});

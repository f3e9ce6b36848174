import { describe, expect, it } from 'vitest';
import { oauthHandoffUrl } from './oauth-handoff.ts';

describe('an OAuth return on the landing page', () => {
  it('goes on to the SPA with its tokens', () => {
    expect(oauthHandoffUrl({ search: '', hash: '#access_token=a&refresh_token=r&token_type=bearer' })).toBe(
      '/dashboard/chat#access_token=a&refresh_token=r&token_type=bearer',
    );
  });

  it('stays for in-page anchors and incomplete tokens', () => {
    for (const hash of ['', '#features', '#how-it-works', '#access_token=a'])
      expect(oauthHandoffUrl({ search: '', hash }), hash).toBeNull();
  });
});

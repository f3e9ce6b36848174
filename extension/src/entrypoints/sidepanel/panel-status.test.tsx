import type { Session } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { CHAT, MODE_TEXT, PublicConfig, type Api } from '@cofounder/shared';
import type { SupabaseClient } from '../../lib/supabase.ts';
import { render } from '../../test/markup.ts';
import { SignedInChat } from './SignedInChat.tsx';

// The first render, before any call answers: the model settings are not read yet, so the server's AI mode decides.
const config = (ai: 'local' | 'real') =>
  PublicConfig.parse({
    supabaseUrl: null,
    supabaseAnonKey: 'anon',
    modes: { auth: 'local', database: 'local', email: 'local', ai },
    oauthProviders: { google: false, github: false },
    devMailbox: true,
  });
const session = { user: { id: '00000000-0000-4000-8000-000000000001' } } as Session;

const header = (ai: 'local' | 'real') =>
  render(
    <SignedInChat
      session={session}
      supabase={{} as SupabaseClient}
      api={{} as Api}
      config={config(ai)}
      serverUrl="http://localhost:3000"
    />,
  ).html.split('</header>')[0]!;

describe("the side panel header's one status (the dashboard's vocabulary)", () => {
  it('shows the offline co-founder in place of Online while it answers, and Online for a model', () => {
    const offline = header('local');
    expect(offline).toContain(MODE_TEXT.offlineCofounder);
    expect(offline).not.toContain(MODE_TEXT.online);
    expect(offline).toContain(`<h1>${CHAT.defaultInternName}</h1>`);
    const model = header('real');
    expect(model).toContain(MODE_TEXT.online);
    expect(model).not.toContain(MODE_TEXT.offlineCofounder);
  });
});

import { describe, expect, it } from 'vitest';
import { MODE_TEXT, PublicConfig } from '@cofounder/shared';
import { render } from '../../test/markup.ts';
import { ModeLine } from './ModeLine.tsx';

const config = (auth: 'local' | 'real') =>
  PublicConfig.parse({
    supabaseUrl: null,
    supabaseAnonKey: 'anon',
    modes: { auth, database: auth, email: auth, ai: 'local' },
    oauthProviders: { google: false, github: false },
    devMailbox: auth === 'local',
  });

describe('the popup and options mode line (one vocabulary with the dashboard)', () => {
  it('says "Local mode" for a local server, and the host of any other', () => {
    expect(render(<ModeLine config={config('local')} serverUrl="http://localhost:3000" />).text).toBe(
      MODE_TEXT.localMode,
    );
    expect(render(<ModeLine config={config('real')} serverUrl="https://app.example.com/" />).text).toBe(
      MODE_TEXT.connectedTo('app.example.com'),
    );
  });
});

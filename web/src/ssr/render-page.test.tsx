// @vitest-environment node
// The server runs this render under plain Node: no window, no document, no localStorage (issue 26).
import { describe, expect, it } from 'vitest';
import { SERVER_RENDERED_PATHS } from '@cofounder/shared';
import { ROUTE_META } from '../features/meta/route-meta.ts';
import { TEST_CONFIG } from '../test/render.tsx';
import { renderPage } from './render-page.tsx';

const ORIGIN = 'https://cofounder.example';
const H1 = { '/login': 'Welcome Back' } as const;
const META = { '/login': ROUTE_META.login } as const;

describe('the server render of the public pages', () => {
  it.each(SERVER_RENDERED_PATHS)('%s renders its page, signed out, with its own head tags', async (path) => {
    const { head, body } = await renderPage(path, TEST_CONFIG, ORIGIN);
    expect(body).toMatch(new RegExp(`<h1[^>]*>${H1[path]}</h1>`));
    // Signed out: no loading screen and the header (or the auth frame) offers signing in.
    expect(body).not.toContain('role="progressbar"');
    expect(head).toContain(`<title>${META[path].title}</title>`);
    expect(head).toContain(`<meta property="og:image" content="${ORIGIN}/og-image.png"/>`);
    expect(body).not.toMatch(/<title>|<meta /);
  });

  it('renders what the config says (the local mailbox note), with forms inert until the app owns them', async () => {
    const login = await renderPage('/login', TEST_CONFIG, ORIGIN);
    expect(login.body).toContain('Local mode: emails go to the dev mailbox.');
    expect(login.body).toMatch(/<input[^>]*type="email"/);
    expect(login.body).toMatch(/<input[^>]*type="password"/);
    // Inert until the browser's React owns it: typed text would otherwise show but never reach the form's state.
    expect(login.body).toMatch(/<form[^>]*inert=""/);
  });
});

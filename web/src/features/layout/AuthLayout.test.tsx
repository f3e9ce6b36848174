import { SKIP_LINK_TEXT } from '@cofounder/shared';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createFakeAuth } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';

describe('sign-in frame', () => {
  it.each(['/login', '/register'])('%s: the skip link comes first and every text sits in a landmark', async (path) => {
    const { container } = renderApp(path, { auth: createFakeAuth(null) });
    await screen.findByRole('main');
    const links = screen.getAllByRole('link');
    expect(links[0]?.textContent).toBe(SKIP_LINK_TEXT);
    expect(links[0]?.getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
    const frame = container.querySelector('main')!.parentElement!;
    for (const child of frame.children) {
      if (child.matches('a[href="#main"]')) continue;
      expect(['HEADER', 'MAIN', 'FOOTER']).toContain(child.tagName);
    }
  });
});

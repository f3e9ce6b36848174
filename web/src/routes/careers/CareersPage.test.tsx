import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { COMPANY_EMAILS } from '../../features/legal/company.ts';
import { renderApp } from '../../test/render.tsx';

describe('/careers', () => {
  it('lists the Software Engineer and Growth roles, each applied for by email', async () => {
    renderApp('/careers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Careers' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const roles = within(screen.getByRole('list', { name: 'Open roles' })).getAllByRole('article');
    expect(roles.map((r) => within(r).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Software Engineer',
      'Growth',
    ]);
    for (const role of roles) {
      expect(within(role).getByRole('heading', { name: "What you'll do" })).toBeTruthy();
      expect(within(role).getByRole('heading', { name: 'What we look for' })).toBeTruthy();
    }
    const apply = screen.getByRole('link', { name: 'Apply for Software Engineer by email' });
    expect(apply.getAttribute('href')).toBe(
      `mailto:${COMPANY_EMAILS.careers}?subject=Application%3A%20Software%20Engineer`,
    );
    expect(screen.getByRole('link', { name: 'Apply for Growth by email' }).getAttribute('href')).toMatch(
      /^mailto:careers@/,
    );
    // No external application form.
    const external = screen
      .getAllByRole('link')
      .filter((a) => /^https?:/.test(a.getAttribute('href') ?? '') && a.closest('main'));
    expect(external).toHaveLength(0);
  });
});

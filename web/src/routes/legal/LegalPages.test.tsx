import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { FREE_TRIAL_DAYS, LEGAL } from '@cofounder/shared';
import { renderApp } from '../../test/render.tsx';

/** The document's own h2 section headings (the footer has headings of its own). */
function sectionHeadings() {
  const article = screen.getByRole('article');
  return within(article)
    .getAllByRole('heading', { level: 2 })
    .filter((h) => h.id !== 'legal-toc');
}

describe('/terms', () => {
  it('has one h1, the date and 18 numbered sections written for this product', async () => {
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(LEGAL.lastUpdated).tagName).toBe('TIME');
    expect(screen.getByText(LEGAL.lastUpdated).getAttribute('datetime')).toBe('2025-01-08');
    expect(LEGAL.lastUpdated).toBe('January 8, 2025');

    const headings = sectionHeadings();
    expect(headings).toHaveLength(18);
    headings.forEach((h, i) => expect(h.textContent).toMatch(new RegExp(`^${i + 1}\\. `)));
    // The sections sit in an ordered list.
    expect(headings[0]?.closest('ol')).toBeTruthy();

    const text = screen.getByRole('article').textContent ?? '';
    expect(text).toContain(`at least ${LEGAL.termsMinimumAge} years old`);
    expect(text).toContain(`${FREE_TRIAL_DAYS}-day free trial that costs $0`);
    expect(text).toContain(`in the ${LEGAL.liabilityCapMonths} months before`);
    expect(text).toContain('100% ownership');
    expect(text).not.toContain('7-day');
  });
});

describe('/privacy', () => {
  it('has one h1, the date, 12 sections and a table of contents linking each', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(LEGAL.lastUpdated)).toBeTruthy();

    const headings = sectionHeadings();
    expect(headings).toHaveLength(12);
    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    const links = within(toc).getAllByRole('link');
    expect(links).toHaveLength(12);
    links.forEach((link, i) => {
      const id = (link.getAttribute('href') ?? '').replace(/^#/, '');
      const target = document.getElementById(id);
      expect(target?.tagName).toBe('SECTION');
      expect(within(target as HTMLElement).getByRole('heading', { level: 2 })).toBe(headings[i]);
      expect(headings[i]?.textContent).toBe(`${i + 1}. ${link.textContent}`);
    });

    const text = screen.getByRole('article').textContent ?? '';
    expect(text).toContain(`not intended for anyone under ${LEGAL.privacyMinimumAge}`);
    expect(text).toContain('we do not keep recordings');
    expect(text).toContain('AES-256-GCM');
  });
});

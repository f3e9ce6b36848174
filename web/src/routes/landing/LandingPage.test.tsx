import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { FREE_TRIAL_DAYS } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';
import {
  CAPABILITIES,
  COMPARISON,
  FAQ,
  METRICS,
  STEPS,
  TESTIMONIALS,
} from '../../features/landing/content.ts';

const region = (name: string) => screen.getByRole('region', { name });

describe('landing page (spec 1 §1, §2 "Landing page behaviour")', () => {
  it('has one h1 and every part in the spec order', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Your AI Intern That Builds Your Startup' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const sections = [
      'Results Founders See',
      'AI Intern vs Traditional Intern',
      'Everything Your Startup Needs',
      'How It Works',
      'Founders Love Their AI Intern',
      'Frequently Asked Questions',
      'Ready to Meet Your AI Intern?',
    ];
    const h2s = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent)
      .filter((t) => t && sections.includes(t));
    expect(h2s).toEqual(sections);
  });

  it('shows the signed-out main buttons and the how-it-works link', async () => {
    renderApp('/');
    const top = await screen.findByRole('link', { name: 'Get Your AI Intern Free' });
    expect(top.getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See How Your AI Intern Works' }).getAttribute('href')).toBe(
      '/#how-it-works',
    );
  });

  it('shows "Go to Dashboard" at the top and bottom when signed in', async () => {
    renderApp('/', { auth: createFakeAuth(fakeSession()) });
    const links = await screen.findAllByRole('link', { name: 'Go to Dashboard' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/dashboard', '/dashboard']);
    expect(screen.queryByRole('link', { name: 'Get Your AI Intern Free' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Get Started Free' })).toBeNull();
  });

  it('previews the dashboard with the product components and sample data', async () => {
    renderApp('/');
    const preview = (await screen.findByText('A preview of the dashboard, with sample data.')).closest(
      'figure',
    );
    expect(preview).toBeTruthy();
    const inPreview = within(preview as HTMLElement);
    expect(inPreview.getByRole('region', { name: 'Usage limits' })).toBeTruthy();
    expect(inPreview.getByText('1240 / 5000')).toBeTruthy();
    expect(inPreview.getByText('Completed')).toBeTruthy();
    expect(inPreview.getByText('In Progress')).toBeTruthy();
    expect(inPreview.getByRole('img', { name: 'Success rate 94%' })).toBeTruthy();
  });

  it('states every results claim of the spec', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Results Founders See' });
    const results = region('Results Founders See');
    const expected = [
      ['87%', 'Faster to a first version'],
      ['2.5x', 'Revenue growth'],
      ['300+', 'Startups launched'],
      ['4.8x', 'Return on investment'],
      ['67%', 'Reduced costs'],
      ['3.2x', 'Faster user growth'],
      ['94%', 'Analysis accuracy'],
    ];
    expect(METRICS.map((m) => [m.value, m.label])).toEqual(expected);
    for (const [value, label] of expected) {
      const term = within(results).getByText(label as string);
      expect(term.tagName).toBe('DT');
      expect(term.parentElement?.querySelector('dd')?.textContent).toBe(value);
    }
  });

  it('compares the AI intern with a traditional intern in a real table', async () => {
    renderApp('/');
    const table = await screen.findByRole('table', {
      name: 'How an AI intern compares with a traditional intern',
    });
    expect(within(table).getByRole('columnheader', { name: 'AI Intern' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Traditional Intern' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(COMPARISON.map((r) => r.aspect));
  });

  it('has the six capability cards under #features and the four steps under #how-it-works', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Everything Your Startup Needs' });
    const features = region('Everything Your Startup Needs');
    expect(features.id).toBe('features');
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(CAPABILITIES.map((c) => c.title));
    expect(CAPABILITIES).toHaveLength(6);

    const how = region('How It Works');
    expect(how.id).toBe('how-it-works');
    expect(within(how).getAllByRole('listitem')).toHaveLength(4);
    expect(STEPS.map((s) => s.title)).toEqual([
      'Onboard the Vision',
      'Strategic Plan',
      'Execute with AI',
      'Scale and Optimize',
    ]);
    for (const [i, step] of STEPS.entries()) {
      expect(within(how).getByRole('heading', { name: `Step ${i + 1}: ${step.title}` })).toBeTruthy();
    }
  });

  it('quotes three named founders with initials instead of photos', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Founders Love Their AI Intern' });
    const section = region('Founders Love Their AI Intern');
    expect(TESTIMONIALS).toHaveLength(3);
    for (const t of TESTIMONIALS) expect(within(section).getByText(t.name)).toBeTruthy();
    expect(within(section).getByText('MO')).toBeTruthy();
    expect(section.querySelector('img')).toBeNull();
  });

  it('answers the FAQ with the claims, the shared trial length and a contact link', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    expect(FAQ).toHaveLength(6);
    const answers = FAQ.map((f) => f.answer).join(' ');
    for (const claim of [
      'month-to-month',
      'no long-term contract',
      'upgrade, downgrade or cancel at any time',
      '24-48 hours',
      'over 200 tools',
      '100% ownership',
      `${FREE_TRIAL_DAYS} days`,
      'no credit card',
    ]) {
      expect(answers).toContain(claim);
    }
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    // Never the landing page's old 7-day claim: one trial length everywhere (FREE_TRIAL_DAYS).
    expect(document.body.textContent).not.toMatch(/7-day|7 days/);
    expect(document.body.textContent).toContain(`${FREE_TRIAL_DAYS}-day free trial`);
  });

  it('scrolls to and focuses the section of an in-page anchor, also from another page', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    const { user, router } = renderApp('/pricing');
    await screen.findByRole('heading', { name: 'Pricing', level: 1 });
    const header = screen.getByRole('banner');
    await user.click(within(header).getByRole('link', { name: 'Features' }));
    await waitFor(() => expect(scrolled).toContain('features'));
    expect(router.state.location.pathname).toBe('/');
    expect(document.activeElement?.id).toBe('features');

    await user.click(screen.getByRole('link', { name: 'See How Your AI Intern Works' }));
    await waitFor(() => expect(scrolled).toContain('how-it-works'));
    expect(document.activeElement?.id).toBe('how-it-works');
  });
});

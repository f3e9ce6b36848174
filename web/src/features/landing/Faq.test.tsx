import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FAQ } from './content.ts';
import { Faq } from './Faq.tsx';

function renderFaq() {
  const router = createMemoryRouter([{ path: '/', element: <Faq /> }]);
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

const question = (i: number) => screen.getByRole('button', { name: FAQ[i]!.question });
// The answers' regions (the section itself is a region too, named by its heading).
const openAnswers = () => screen.queryAllByRole('region').filter((r) => r.tagName === 'DIV' && !r.hidden);

describe('FAQ accordion', () => {
  it('starts closed, with each question controlling its answer', () => {
    renderFaq();
    expect(screen.getAllByRole('button')).toHaveLength(6);
    for (const [i, item] of FAQ.entries()) {
      const button = question(i);
      expect(button.getAttribute('aria-expanded')).toBe('false');
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(panel?.textContent).toBe(item.answer);
      expect(panel?.hidden).toBe(true);
    }
    expect(openAnswers()).toHaveLength(0);
  });

  it('keeps one item open at a time, and clicking the open item closes it', async () => {
    const user = renderFaq();
    await user.click(question(0));
    expect(question(0).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: FAQ[0]!.question }).textContent).toBe(FAQ[0]!.answer);

    await user.click(question(3));
    expect(question(3).getAttribute('aria-expanded')).toBe('true');
    expect(question(0).getAttribute('aria-expanded')).toBe('false');
    expect(openAnswers().map((r) => r.textContent)).toEqual([FAQ[3]!.answer]);

    await user.click(question(3));
    expect(question(3).getAttribute('aria-expanded')).toBe('false');
    expect(openAnswers()).toHaveLength(0);
  });

  it('works from the keyboard', async () => {
    const user = renderFaq();
    await user.tab();
    expect(document.activeElement).toBe(question(0));
    await user.keyboard('{Enter}');
    expect(question(0).getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    await user.keyboard(' ');
    expect(question(1).getAttribute('aria-expanded')).toBe('true');
    expect(question(0).getAttribute('aria-expanded')).toBe('false');
  });
});

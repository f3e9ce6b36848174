import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { TESTIMONIALS_NOTE } from '@cofounder/shared';
import { TESTIMONIALS } from './content.ts';
import { Testimonials } from './Testimonials.tsx';

describe('testimonials', () => {
  it('say plainly, above the quotes, that they are illustrative and not real customers', () => {
    render(<Testimonials />);
    const section = screen.getByRole('region', { name: 'Founders Love Their AI Intern' });
    const note = within(section).getByText(TESTIMONIALS_NOTE);
    expect(TESTIMONIALS_NOTE).toMatch(/^Illustrative examples:.*not real customers\.$/);
    // Before the first quote in reading order, so nobody reads a quote as real first.
    const firstQuote = within(section).getByText(`“${TESTIMONIALS[0].quote}”`);
    expect(note.compareDocumentPosition(firstQuote) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

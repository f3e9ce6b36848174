// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChatThread } from './ChatThread.tsx';
import { PageChip } from './PageChip.tsx';

afterEach(cleanup);

const page = { title: 'Acme pricing', url: 'https://acme.example/pricing', selection: 'Starter: $49' };

describe('PageChip', () => {
  it('shows "📎 {title}" under a sent message, linking to the page', () => {
    render(
      <ChatThread
        assistantName="Nova"
        messages={[{ id: 'u', role: 'user', text: 'Cheaper than us?', timestamp: new Date().toISOString(), pageContext: page }]}
      />,
    );
    expect(screen.getByRole('link', { name: '📎 Acme pricing' })).toHaveProperty('href', page.url);
  });

  it('is removable above the composer', () => {
    const onRemove = vi.fn();
    render(<PageChip page={page} onRemove={onRemove} />);
    expect(screen.getByText('📎 Acme pricing')).toBeDefined();
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Acme pricing' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it('never links a page that is not http(s)', () => {
    render(<PageChip page={{ title: 'x', url: 'javascript:alert(1)' }} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, renderHook, waitFor } from '@testing-library/react';

afterEach(cleanup);

/** A fresh copy of the module: the renderer not loaded yet, as when a founder opens the chat. */
async function freshMarkdown() {
  vi.resetModules();
  return import('./Markdown.tsx');
}

describe('Markdown', () => {
  it('holds a thread of stored replies until the renderer is ready, then renders them at once, never as plain text', async () => {
    const { Markdown, useMarkdownReady } = await freshMarkdown();
    const { result } = renderHook(({ needed }) => useMarkdownReady(needed), { initialProps: { needed: true } });
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));

    const { container } = render(<Markdown text={'**Plan**\n\n- ship'} />);
    expect(container.querySelector('strong')?.textContent).toBe('Plan');
    expect(container.textContent).not.toContain('**');
  });

  it('does not hold a thread without stored replies', async () => {
    const { useMarkdownReady } = await freshMarkdown();
    const { result } = renderHook(() => useMarkdownReady(false));
    expect(result.current).toBe(true);
  });
});

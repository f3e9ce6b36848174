// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatComposer } from './ChatComposer.tsx';

afterEach(cleanup);

/** The composer as a screen uses it: it owns the text and clears it when a message is accepted. */
function Harness({ onSend, pending = false }: { onSend: (text: string) => void; pending?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <ChatComposer
      value={value}
      onChange={setValue}
      pending={pending}
      onSend={(text) => {
        onSend(text);
        setValue('');
      }}
    />
  );
}

describe('ChatComposer', () => {
  it('sends the trimmed text on Enter and clears', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '  Hello co-founder {Enter}');
    expect(onSend).toHaveBeenCalledWith('Hello co-founder');
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('adds a new line on Shift+Enter without sending', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(onSend).not.toHaveBeenCalled();
    expect((box as HTMLTextAreaElement).value).toBe('line one\nline two');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSend).toHaveBeenCalledWith('line one\nline two');
  });

  it('keeps send disabled for empty or whitespace text and while a reply is pending', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Harness onSend={onSend} />);
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(screen.getByRole('textbox'), '   {Enter}');
    expect(send.disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();

    rerender(<Harness onSend={onSend} pending />);
    await user.type(screen.getByRole('textbox'), 'next question{Enter}');
    expect(send.disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('grows with its content up to 120 px, then scrolls', () => {
    const heights = { value: 60 };
    vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(() => heights.value);
    const { rerender } = render(<ChatComposer value="a" onChange={() => {}} onSend={() => {}} />);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    expect(box.style.height).toBe('60px');
    expect(box.style.overflowY).toBe('hidden');
    heights.value = 400;
    rerender(<ChatComposer value={'a\n'.repeat(30)} onChange={() => {}} onSend={() => {}} />);
    expect(box.style.height).toBe('120px');
    expect(box.style.overflowY).toBe('auto');
    vi.restoreAllMocks();
  });
});

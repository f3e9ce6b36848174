// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VOICE_TEXT } from '../../schemas/voice.ts';
import type { VoiceRecorder } from './use-voice-recorder.ts';
import { VoiceRecorderButton } from './VoiceRecorderButton.tsx';

afterEach(cleanup);

const recorder = (patch: Partial<VoiceRecorder> = {}): VoiceRecorder => ({
  state: 'idle',
  elapsed: 0,
  level: 0,
  available: true,
  unavailableText: VOICE_TEXT.unavailable,
  start: vi.fn(() => Promise.resolve()),
  stop: vi.fn(),
  toggle: vi.fn(),
  ...patch,
});

describe('VoiceRecorderButton', () => {
  it('starts from the keyboard when idle', async () => {
    const r = recorder();
    render(<VoiceRecorderButton recorder={r} />);
    const button = screen.getByRole('button', { name: 'Start voice input' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(r.toggle).toHaveBeenCalledTimes(1);
  });

  it('shows the timer and the level while recording, and stays usable when the owner is busy', () => {
    render(
      <VoiceRecorderButton recorder={recorder({ state: 'recording', elapsed: 75, level: 0.5 })} disabled />,
    );
    const button = screen.getByRole('button', { name: 'Stop recording' }) as HTMLButtonElement;
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.disabled).toBe(false);
    expect(screen.getByRole('timer', { name: 'Recording time' }).textContent).toBe('01:15');
    expect(screen.getByTestId('voice-level').style.height).toBe('50%');
  });

  it('shows a spinner and cannot be pressed while transcribing', () => {
    render(<VoiceRecorderButton recorder={recorder({ state: 'transcribing' })} />);
    expect(screen.getByRole('status').textContent).toBe('Transcribing…');
    expect((screen.getByRole('button', { name: 'Start voice input' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('is disabled while the owner is busy, and marked unavailable (still clickable) without the service', async () => {
    const { rerender } = render(<VoiceRecorderButton recorder={recorder()} disabled />);
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    const r = recorder({ available: false });
    rerender(<VoiceRecorderButton recorder={r} />);
    const button = screen.getByRole('button', { name: 'Start voice input' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('title')).toBe(VOICE_TEXT.unavailable);
    await userEvent.click(button);
    expect(r.toggle).toHaveBeenCalledTimes(1);
  });

  it("gives the server's reason in the unavailable microphone's tooltip", () => {
    const text = `${VOICE_TEXT.unavailable}. Local voice needs flite: sudo apt-get install -y flite`;
    render(<VoiceRecorderButton recorder={recorder({ available: false, unavailableText: text })} />);
    expect(screen.getByRole('button', { name: 'Start voice input' }).getAttribute('title')).toBe(text);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS, TOUR } from '@cofounder/shared';
import { createFakeAuth, fakeSession, fakeUser } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';
import { TOUR_STEPS } from './tour-steps.ts';

afterEach(() => vi.useRealTimers());

const FLAG = STORAGE_KEYS.tourCompleted(fakeUser().id);

async function openDashboard() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const view = renderApp('/dashboard/work', {
    auth: createFakeAuth(fakeSession()),
    tour: true,
    advanceTimers: vi.advanceTimersByTime,
  });
  await screen.findByRole('heading', { name: 'Co-Founder Activity' });
  return view;
}

const highlighted = () => [...document.querySelectorAll('[data-tour-highlight]')].map((el) => el.textContent);

describe('product tour', () => {
  it('has the six steps of the spec', () => {
    expect(TOUR_STEPS.map((s) => s.id)).toEqual([
      'welcome',
      'chat',
      'voice',
      'autonomy',
      'connections',
      'partnership',
    ]);
    expect(TOUR_STEPS).toHaveLength(TOUR.steps);
  });

  it('opens 1 s after the first dashboard visit and highlights each step’s sidebar link', async () => {
    const { user } = await openDashboard();
    act(() => vi.advanceTimersByTime(TOUR.delayMs - 100));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    // The tour's dialog is a lazily loaded module: its first import may be slow on a loaded machine.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Welcome to your dashboard' },
      { timeout: 5_000 },
    );
    expect(within(dialog).getByText('Step 1 of 6')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();
    expect(highlighted()).toEqual([]);
    // A modal Radix dialog turns the body's pointer events off at once and its own back on in a later render: a
    // click in between hits nothing (seen once in CI), as it would for a founder clicking within that frame.
    await waitFor(() => expect(dialog.style.pointerEvents).toBe('auto'));

    await user.click(within(dialog).getByRole('button', { name: 'Take the Tour' }));
    expect(screen.getByRole('dialog', { name: 'Chat with your co-founder' })).toBeTruthy();
    expect(highlighted()).toEqual(['Chat']);
    await user.click(screen.getByRole('button', { name: 'Next: Voice Calls' }));
    expect(highlighted()).toEqual(['Voice Call']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(highlighted()).toEqual(['Chat']);

    for (const cta of [
      'Next: Voice Calls',
      'Next: Autonomous Work',
      'Next: Connections',
      'Next: Partnership',
    ]) {
      await user.click(screen.getByRole('button', { name: cta }));
    }
    expect(screen.getByText('Step 6 of 6')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: "Let's Build Together" }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(highlighted()).toEqual([]);
    expect(localStorage.getItem(FLAG)).toBe('true');
  });

  it('stores the completed flag on Skip Tour', async () => {
    const { user } = await openDashboard();
    act(() => vi.advanceTimersByTime(TOUR.delayMs));
    await user.click(await screen.findByRole('button', { name: 'Skip Tour' }, { timeout: 5_000 }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(FLAG)).toBe('true');
  });

  it('stores the completed flag when closed with Escape', async () => {
    const { user } = await openDashboard();
    act(() => vi.advanceTimersByTime(TOUR.delayMs));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(FLAG)).toBe('true');
  });

  it('gives focus back to what had it when the tour opened', async () => {
    const { user } = await openDashboard();
    const link = screen.getByRole('link', { name: 'Intern Autonomy' });
    link.focus();
    act(() => vi.advanceTimersByTime(TOUR.delayMs));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(link));
  });

  it('focuses the page’s first control when nothing had focus as it opened', async () => {
    const { user } = await openDashboard();
    act(() => vi.advanceTimersByTime(TOUR.delayMs));
    await user.click(await screen.findByRole('button', { name: 'Skip Tour' }, { timeout: 5_000 }));
    const main = document.getElementById('main')!;
    await waitFor(() => expect(main.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toBe(main.querySelector('a[href], button:not([disabled])'));
  });

  it('never opens once the flag is stored', async () => {
    localStorage.setItem(FLAG, 'true');
    await openDashboard();
    act(() => vi.advanceTimersByTime(TOUR.delayMs * 5));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

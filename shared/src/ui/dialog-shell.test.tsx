// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmationModal } from './confirmation-modal.tsx';
import { DialogClose, DialogShell } from './dialog-shell.tsx';

afterEach(cleanup);

function Controlled({ showClose }: { showClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <DialogShell
        open={open}
        onOpenChange={setOpen}
        title="Plan"
        description="Pick one."
        showClose={showClose}
      >
        <button type="button">Inside</button>
        <DialogClose>Cancel</DialogClose>
      </DialogShell>
    </>
  );
}

describe('DialogShell', () => {
  it('is a dialog named by its title and described, focus inside, closed by Escape', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Plan' });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Pick one.').id);
    // The content comes first: the corner × does not take the first focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes from the corner button and from DialogClose; the corner button can be left out', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Controlled />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    render(<Controlled showClose={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('opens from a trigger and gives it the focus back', async () => {
    const user = userEvent.setup();
    render(
      <DialogShell
        trigger={<button type="button">Usage</button>}
        title="Usage limits"
        titleClassName="sr-only"
        description="Used this month."
        descriptionClassName="sr-only"
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Usage' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Usage limits' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});

describe('ConfirmationModal', () => {
  it('confirms or cancels', async () => {
    const user = userEvent.setup();
    let confirmed = 0;
    let open = true;
    render(
      <ConfirmationModal
        open
        onOpenChange={(next) => (open = next)}
        title="Delete?"
        message="This cannot be undone."
        onConfirm={() => void confirmed++}
        variant="danger"
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(confirmed).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(open).toBe(false);
  });
});

// @vitest-environment happy-dom
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
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

/** A list whose rows open a dialog that can remove its row, the way a Delete or Disconnect confirmation does. */
function Rows({ fallback }: { fallback?: boolean }) {
  const [rows, setRows] = useState(['Alpha', 'Beta']);
  const [asking, setAsking] = useState<string | null>(null);
  const stable = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={stable}>
        Refresh
      </button>
      <ul>
        {rows.map((row) => (
          <li key={row}>
            <button type="button" onClick={() => setAsking(row)}>
              Remove {row}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmationModal
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Remove?"
        message="It goes."
        onConfirm={() => {
          setRows((all) => all.filter((r) => r !== asking));
          setAsking(null);
        }}
        returnFocusTo={fallback ? stable : undefined}
      />
    </>
  );
}

describe('focus on close', () => {
  it('goes back to the ordinary button that opened the dialog, on Escape, Cancel or the corner ×', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const opener = screen.getByRole('button', { name: 'Open' });
    for (const close of ['{Escape}', 'Cancel', 'Close']) {
      await user.click(opener);
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
      if (close === '{Escape}') await user.keyboard(close);
      else await user.click(screen.getByRole('button', { name: close }));
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });

  it('stays inside the open dialog on Tab and Shift+Tab', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    const seen = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      seen.push(document.activeElement?.textContent || document.activeElement?.getAttribute('aria-label'));
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    expect(seen).toEqual(['Cancel', 'Close', 'Inside', 'Cancel']);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('goes back to the confirmation’s opener on Cancel', async () => {
    const user = userEvent.setup();
    render(<Rows />);
    const opener = screen.getByRole('button', { name: 'Remove Beta' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('goes to the stable control it is given when the confirmation removed its opener', async () => {
    const user = userEvent.setup();
    render(<Rows fallback />);
    await user.click(screen.getByRole('button', { name: 'Remove Beta' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('button', { name: 'Remove Beta' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refresh' })));
  });

  it('goes to the first control left near the removed opener when given no stable control', async () => {
    const user = userEvent.setup();
    render(<Rows />);
    await user.click(screen.getByRole('button', { name: 'Remove Beta' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Alpha' })),
    );
  });
});

describe('ConfirmationModal', () => {
  it('keeps focus on Confirm while the action runs, and runs it once', async () => {
    const user = userEvent.setup();
    let runs = 0;
    function Running() {
      const [pending, setPending] = useState(false);
      return (
        <ConfirmationModal
          open
          onOpenChange={() => undefined}
          title="Delete?"
          message="This cannot be undone."
          pending={pending}
          onConfirm={() => {
            runs++;
            setPending(true);
          }}
        />
      );
    }
    render(<Running />);
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await user.click(confirm);
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(confirm);
    await user.click(confirm);
    expect(runs).toBe(1);
  });

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

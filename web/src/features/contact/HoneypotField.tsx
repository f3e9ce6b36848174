import { CONTACT } from '@cofounder/shared';

/**
 * The spam trap: a field people never see or reach (off-screen, out of the tab order, hidden from assistive
 * technology, no autofill), which form-filling bots tend to fill. The server accepts a filled one and drops it.
 */
export function HoneypotField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = `contact-${CONTACT.honeypotField}`;
  return (
    <div
      aria-hidden="true"
      data-testid="contact-honeypot"
      style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        type="text"
        name={CONTACT.honeypotField}
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { parseServerUrl, requestServerAccess } from '../server-url.ts';

interface ServerSettingsProps {
  serverUrl: string;
  /** Open the disclosure when the server cannot be reached: the URL is the likely culprit. */
  offline: boolean;
  /** Start with the disclosure open (the options page, where the setting is the point of the page). */
  defaultOpen?: boolean;
  onSave: (origin: string) => Promise<void>;
}

type Notice = { kind: 'error' | 'saved'; text: string };

/** The "Server" disclosure: which Cofounder server this extension talks to. */
export function ServerSettings({ serverUrl, offline, defaultOpen = false, onSave }: ServerSettingsProps) {
  const [open, setOpen] = useState(offline || defaultOpen);
  const [wasOffline, setWasOffline] = useState(offline);
  const [value, setValue] = useState(serverUrl);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);

  // Adjusting state while rendering (React's pattern for "reset on prop change") rather than in an effect.
  if (offline !== wasOffline) {
    setWasOffline(offline);
    if (offline) setOpen(true);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const origin = parseServerUrl(value);
    if (!origin) {
      setNotice({ kind: 'error', text: 'Enter a full address, like http://localhost:3000.' });
      return;
    }
    setSaving(true);
    // The permission prompt needs this event's user gesture, so it is requested before anything is awaited.
    requestServerAccess(origin)
      .then(async (granted) => {
        if (!granted) {
          setNotice({ kind: 'error', text: `Cofounder needs your permission to reach ${origin}.` });
          return;
        }
        await onSave(origin);
        setValue(origin);
        setNotice({ kind: 'saved', text: 'Saved.' });
      })
      .catch(() => setNotice({ kind: 'error', text: 'Could not save the server URL.' }))
      .finally(() => setSaving(false));
  }

  return (
    <details className="settings" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Server</summary>
      <form className="stack" noValidate onSubmit={save}>
        <div className="field">
          <label htmlFor="server-url">Server URL</label>
          <input
            id="server-url"
            type="url"
            inputMode="url"
            spellCheck={false}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setNotice(null);
            }}
          />
        </div>
        <button type="submit" className="button" disabled={saving}>
          Save
        </button>
        {notice && (
          <p role={notice.kind === 'error' ? 'alert' : 'status'} className={notice.kind === 'error' ? 'field-error' : 'muted'}>
            {notice.text}
          </p>
        )}
      </form>
    </details>
  );
}

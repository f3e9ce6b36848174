import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { browser } from 'wxt/browser';
import { AUTH_STORAGE_KEY, readStoredUser } from '../auth-storage.ts';
import { parseServerUrl, requestServerAccess } from '../server-url.ts';
import { SERVER_TEXT } from '../server-texts.ts';
import { workerApi } from '../worker-client.ts';

interface ServerSettingsProps {
  serverUrl: string;
  /** Open the disclosure when the server cannot be reached: the URL is the likely culprit. */
  offline: boolean;
  /** Start with the disclosure open (the options page, where the setting is the point of the page). */
  defaultOpen?: boolean;
  onSave: (origin: string) => Promise<void>;
}

type Notice = { kind: 'error' | 'saved'; text: ReactNode };

/**
 * The "Server" disclosure: which Cofounder server this extension talks to. A new address is saved only once that
 * server answers as a Cofounder server, and, when the founder is signed in, once they agree to be signed out (a
 * session belongs to the server that issued it).
 */
export function ServerSettings({ serverUrl, offline, defaultOpen = false, onSave }: ServerSettingsProps) {
  const [open, setOpen] = useState(offline || defaultOpen);
  const [wasOffline, setWasOffline] = useState(offline);
  const [value, setValue] = useState(serverUrl);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // Adjusting state while rendering (React's pattern for "reset on prop change") rather than in an effect.
  if (offline !== wasOffline) {
    setWasOffline(offline);
    if (offline) setOpen(true);
  }

  // "Saved." is about the save just made: it goes once the founder signs in (a session is written).
  useEffect(() => {
    const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      const signedIn = Object.entries(changes).some(
        ([key, change]) => key.startsWith(AUTH_STORAGE_KEY) && change.newValue !== undefined,
      );
      if (area === 'local' && signedIn) setNotice((n) => (n?.kind === 'saved' ? null : n));
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, []);

  async function commit(origin: string) {
    await onSave(origin);
    setValue(origin);
    setConfirming(null);
    setNotice({ kind: 'saved', text: SERVER_TEXT.saved });
  }

  async function check(origin: string) {
    const answers = await workerApi(origin)
      .config()
      .then(
        () => true,
        () => false,
      );
    if (!answers) {
      setNotice({ kind: 'error', text: SERVER_TEXT.unreachable(origin) });
      return;
    }
    if (origin !== serverUrl && (await readStoredUser())) {
      setConfirming(origin);
      return;
    }
    await commit(origin);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    setConfirming(null);
    const origin = parseServerUrl(value);
    if (!origin) {
      setNotice({ kind: 'error', text: SERVER_TEXT.invalid });
      return;
    }
    setNotice(null);
    setSaving(true);
    // The permission prompt needs this event's user gesture, so it is requested before anything is awaited.
    requestServerAccess(origin)
      .then((granted) =>
        granted ? check(origin) : setNotice({ kind: 'error', text: SERVER_TEXT.needsPermission(origin) }),
      )
      .catch(() => setNotice({ kind: 'error', text: SERVER_TEXT.saveFailed }))
      .finally(() => setSaving(false));
  }

  function confirm(origin: string) {
    setSaving(true);
    commit(origin)
      .catch(() => setNotice({ kind: 'error', text: SERVER_TEXT.saveFailed }))
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
              setConfirming(null);
            }}
          />
        </div>
        {confirming ? (
          <div role="alertdialog" aria-labelledby="server-change-warning" className="stack hint">
            <p id="server-change-warning">{SERVER_TEXT.signsOut(confirming)}</p>
            <div className="row">
              <button
                type="button"
                className="button primary"
                disabled={saving}
                onClick={() => confirm(confirming)}
              >
                {SERVER_TEXT.confirm}
              </button>
              <button type="button" className="button" disabled={saving} onClick={() => setConfirming(null)}>
                {SERVER_TEXT.cancel}
              </button>
            </div>
          </div>
        ) : (
          <button type="submit" className="button" disabled={saving}>
            {saving ? SERVER_TEXT.checking : SERVER_TEXT.save}
          </button>
        )}
        {notice && (
          <p
            role={notice.kind === 'error' ? 'alert' : 'status'}
            className={notice.kind === 'error' ? 'field-error' : 'muted'}
          >
            {notice.text}
          </p>
        )}
      </form>
    </details>
  );
}

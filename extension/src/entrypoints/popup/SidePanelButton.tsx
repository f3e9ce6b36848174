import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';

/**
 * Opens the co-founder chat beside the page. The window id is looked up when the popup opens, so the click
 * calls sidePanel.open() straight away: Chrome only allows it within the user gesture.
 */
export function SidePanelButton() {
  const [windowId, setWindowId] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void browser.windows.getCurrent().then((w) => setWindowId(w.id ?? null));
  }, []);
  if (!browser.sidePanel) return null;

  return (
    <>
      <button
        type="button"
        className="button"
        disabled={windowId === null}
        onClick={() => {
          if (windowId !== null) browser.sidePanel.open({ windowId }).catch(() => setFailed(true));
        }}
      >
        Open side panel
      </button>
      {failed && (
        <p role="alert" className="field-error">
          Could not open the side panel.
        </p>
      )}
    </>
  );
}

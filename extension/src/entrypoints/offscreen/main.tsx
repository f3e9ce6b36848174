import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { ToOffscreen } from '../../lib/quick-voice-messages.ts';
import { QuickVoiceNote } from './QuickVoiceNote.tsx';
import { copyToClipboard } from './copy-to-clipboard.ts';
import { stopRequests } from './stop-requests.ts';

// The offscreen recorder page: one quick voice note per document. The background opens it to start a note and
// closes it once the transcript is placed.
browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  const parsed = ToOffscreen.safeParse(message);
  if (sender.id !== browser.runtime.id || !parsed.success) return;
  if (parsed.data.type === 'quick-voice:copy') sendResponse(copyToClipboard(parsed.data.text));
  else {
    stopRequests.dispatchEvent(new Event('stop'));
    sendResponse(true);
  }
});

const root = document.getElementById('root');
if (!root) throw new Error('offscreen.html has no #root element');
createRoot(root).render(<QuickVoiceNote />);

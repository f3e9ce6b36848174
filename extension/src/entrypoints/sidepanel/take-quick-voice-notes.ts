import { browser } from 'wxt/browser';
import { insertAtCaret, readFrameFocus } from '../../lib/focused-field.ts';
import { PanelInsertMessage, type PanelInsertReply } from '../../lib/panel-insert-message.ts';

/**
 * A quick voice note goes where the caret really is: when this panel holds the focus, into its message box (the
 * founder reads it before sending), signed in or not; otherwise the panel stays silent and the page gets it.
 */
export function takeQuickVoiceNotes(): void {
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    const parsed = PanelInsertMessage.safeParse(message);
    if (sender.id !== browser.runtime.id || !parsed.success) return;
    if (!readFrameFocus().focused) return;
    const reply: PanelInsertReply = insertAtCaret(parsed.data.text) ? 'inserted' : 'focused';
    sendResponse(reply);
  });
}

import { browser } from 'wxt/browser';
import { activeTabId } from './active-tab.ts';

/**
 * Runs inside the page (serialised by scripting.executeScript, so it must not use anything from outside):
 * puts the text at the caret of the focused text field or editable element. False when nothing editable is
 * focused.
 */
function insertIntoFocusedField(text: string): boolean {
  let field = document.activeElement;
  // Web components keep their focused element inside their shadow root.
  while (field?.shadowRoot?.activeElement) field = field.shadowRoot.activeElement;
  // Only these input types support the selection API that places text at the caret.
  const caretTypes = ['text', 'search', 'url', 'tel'];
  if (
    field instanceof HTMLTextAreaElement ||
    (field instanceof HTMLInputElement && caretTypes.includes(field.type))
  ) {
    if (field.readOnly || field.disabled) return false;
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    // One space between the note and a word right before the caret.
    const spaced = start > 0 && !/\s/.test(field.value.charAt(start - 1)) ? ` ${text}` : text;
    field.setRangeText(spaced, start, end, 'end');
    // Frameworks (React included) learn about the new value from the input event.
    field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: spaced }));
    return true;
  }
  if (field instanceof HTMLElement && field.isContentEditable) {
    // insertText goes through the editor's own undo stack and input events (rich editors listen to those).
    return document.execCommand('insertText', false, text);
  }
  return false;
}

/** Runs in the page: the page's own clipboard, when the extension's copy was refused. */
async function copyInPage(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Inserts into the focused field of the active tab; false when none is focused or the page can't be scripted. */
export async function insertIntoActiveTab(text: string): Promise<boolean> {
  return runInActiveTab(insertIntoFocusedField, text);
}

/** Copies through the active tab's clipboard API; false when the page can't be scripted or refuses. */
export async function copyInActiveTab(text: string): Promise<boolean> {
  return runInActiveTab(copyInPage, text);
}

async function runInActiveTab(
  func: (text: string) => boolean | Promise<boolean>,
  text: string,
): Promise<boolean> {
  const tabId = await activeTabId();
  if (tabId === undefined) return false;
  try {
    const [frame] = await browser.scripting.executeScript({ target: { tabId }, func, args: [text] });
    return frame?.result === true;
  } catch {
    // chrome:// pages, the web store, and pages without the activeTab grant cannot be scripted.
    return false;
  }
}

/**
 * Where the caret is, and putting a voice note there. Both functions run inside a page frame (serialised by
 * scripting.executeScript, so they must not use anything from outside themselves) and in the side panel.
 */

/** What a frame says about its focus: whether it holds the real focus, and whether a text field has its caret. */
export interface FrameFocus {
  focused: boolean;
  editable: boolean;
}

/** This document's focus, for choosing the one frame (or extension page) the note goes into. */
export function readFrameFocus(): FrameFocus {
  let field = document.activeElement;
  // Web components keep their focused element inside their shadow root.
  while (field?.shadowRoot?.activeElement) field = field.shadowRoot.activeElement;
  const caretTypes = ['text', 'search', 'url', 'tel'];
  const editable =
    ((field instanceof HTMLTextAreaElement ||
      (field instanceof HTMLInputElement && caretTypes.includes(field.type))) &&
      !field.readOnly &&
      !field.disabled) ||
    (field instanceof HTMLElement && field.isContentEditable);
  // hasFocus: activeElement stays set in a window that lost the focus (to the side panel, the popup, a frame).
  return { focused: document.hasFocus(), editable };
}

/** Puts the text at the caret of this document's focused text field or editable element; false when there is none. */
export function insertAtCaret(text: string): boolean {
  let field = document.activeElement;
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

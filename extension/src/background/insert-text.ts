import { browser } from 'wxt/browser';
import { insertAtCaret, readFrameFocus, type FrameFocus } from '../lib/focused-field.ts';
import type { PanelInsertMessage, PanelInsertReply } from '../lib/panel-insert-message.ts';
import { activeTabId } from './active-tab.ts';

/** Where a note went: the side panel's message box, a field of the active tab, or nowhere (nothing editable). */
export type Placement = 'panel' | 'page' | null;

/**
 * Puts the note where the caret really is: the side panel's box when the panel holds the focus, else the focused
 * field of the active tab, in whichever of its frames has it.
 */
export async function insertAtFocus(text: string): Promise<Placement> {
  const message: PanelInsertMessage = { type: 'quick-voice:insert', target: 'sidepanel', text };
  // No open panel (no listener) rejects; a panel without the focus does not answer.
  const panel = (await browser.runtime.sendMessage(message).catch(() => undefined)) as PanelInsertReply | undefined;
  if (panel === 'inserted') return 'panel';
  // The panel has the focus but its caret is in no field: the page behind it did not have the caret either.
  if (panel === 'focused') return null;
  return (await insertIntoActiveTab(text)) ? 'page' : null;
}

async function insertIntoActiveTab(text: string): Promise<boolean> {
  const tabId = await activeTabId();
  if (tabId === undefined) return false;
  try {
    const frames = await browser.scripting.executeScript({ target: { tabId, allFrames: true }, func: readFrameFocus });
    const frameId = chooseFrame(frames);
    if (frameId === undefined) return false;
    const [frame] = await browser.scripting.executeScript({
      target: { tabId, frameIds: [frameId] },
      func: insertAtCaret,
      args: [text],
    });
    return frame?.result === true;
  } catch {
    // chrome:// pages, the web store, and pages without the activeTab grant cannot be scripted.
    return false;
  }
}

/**
 * The frame whose field has the caret. While the page holds the focus, only its focused frame counts (the top
 * frame's focused element is then the <iframe> itself); while the focus is outside the page (the popup's button
 * was pressed), the field the founder left the caret in, the top frame's first.
 */
export function chooseFrame(frames: { frameId: number; result?: unknown }[]): number | undefined {
  const read = frames.flatMap((f) => (isFrameFocus(f.result) ? [{ frameId: f.frameId, ...f.result }] : []));
  const focused = read.filter((f) => f.focused);
  const candidates = focused.length > 0 ? focused : read;
  return candidates.filter((f) => f.editable).sort((a, b) => a.frameId - b.frameId)[0]?.frameId;
}

function isFrameFocus(value: unknown): value is FrameFocus {
  return typeof value === 'object' && value !== null && 'focused' in value && 'editable' in value;
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

/** Copies through the active tab's clipboard API; false when the page can't be scripted or refuses. */
export async function copyInActiveTab(text: string): Promise<boolean> {
  const tabId = await activeTabId();
  if (tabId === undefined) return false;
  try {
    const [frame] = await browser.scripting.executeScript({ target: { tabId }, func: copyInPage, args: [text] });
    return frame?.result === true;
  } catch {
    return false;
  }
}
